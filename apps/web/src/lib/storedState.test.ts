// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { storedState, storedStateFamily, useStoredState } from './storedState';

const KEY = 'test.stored-state';

const numbers = () =>
  storedState<number[]>(KEY, { fallback: [], parse: z.array(z.number().check(z.nonnegative())) });

/** What another tab does: it writes storage, and this tab hears of it by the `storage` event. */
function writeFromAnotherTab(key: string | null, raw: string | null) {
  if (key === null) localStorage.clear();
  else if (raw === null) localStorage.removeItem(key);
  else localStorage.setItem(key, raw);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: raw }));
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('a stored value', () => {
  it('is the fallback until set, then kept as JSON and read back as the same object', () => {
    const state = numbers();
    expect(state.get()).toEqual([]);
    expect(state.set([1, 2])).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('[1,2]');
    expect(state.get()).toEqual([1, 2]);
    expect(state.get()).toBe(state.get());
    expect(state.update((list) => [...list, 3])).toBe(true);
    expect(numbers().get()).toEqual([1, 2, 3]);
  });

  it('reads what is malformed, or breaks the schema, as the fallback and never throws', () => {
    for (const raw of ['{', '', 'null', '{"a":1}', '[1,-2]', '["1"]']) {
      localStorage.setItem(KEY, raw);
      expect(numbers().get(), raw).toEqual([]);
    }
  });

  it('reads through a parse function: undefined or a throw is the fallback', () => {
    const state = storedState<string>(KEY, {
      fallback: 'none',
      parse: (stored) => {
        if (stored === 'boom') throw new Error('boom');
        return typeof stored === 'string' ? stored : undefined;
      },
    });
    localStorage.setItem(KEY, '"kept"');
    expect(state.get()).toBe('kept');
    localStorage.setItem(KEY, '42');
    expect(state.get()).toBe('none');
    localStorage.setItem(KEY, '"boom"');
    expect(state.get()).toBe('none');
  });

  it('keeps bare text when told so, and serialises through its own function', () => {
    const state = storedState<string>(KEY, {
      fallback: 'usd',
      parse: z.string().check(z.regex(/^[a-z]{3}$/)),
      serialize: (code) => code.toLowerCase(),
      text: true,
    });
    state.set('EUR');
    expect(localStorage.getItem(KEY)).toBe('eur');
    localStorage.setItem(KEY, 'gbp');
    expect(state.get()).toBe('gbp');
  });

  it('removes its key when the value serialises to nothing', () => {
    const state = storedState<number[]>(KEY, {
      fallback: [],
      parse: z.array(z.number()),
      serialize: (list) => (list.length === 0 ? undefined : list),
    });
    state.set([1]);
    expect(state.set([])).toBe(true);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('holds in this tab when the browser refuses the write, and says so', () => {
    const state = numbers();
    state.set([1]);
    const full = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const listener = vi.fn();
    state.subscribe(listener);
    const stored = state.set([1, 2]);
    full.mockRestore();
    expect(stored).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(state.get()).toEqual([1, 2]);
    expect(localStorage.getItem(KEY)).toBe('[1]');
  });
});

describe('a stored value across views and tabs', () => {
  it('is shared by every view of this tab', () => {
    const state = numbers();
    const first = renderHook(() => useStoredState(state));
    const second = renderHook(() => useStoredState(state, (list) => list.length));
    act(() => void state.set([4, 5]));
    expect(first.result.current).toEqual([4, 5]);
    expect(second.result.current).toBe(2);
  });

  it('follows a change made in another tab, and a cleared storage', () => {
    const state = numbers();
    const { result } = renderHook(() => useStoredState(state));
    act(() => writeFromAnotherTab(KEY, '[7]'));
    expect(result.current).toEqual([7]);
    act(() => writeFromAnotherTab(null, null));
    expect(result.current).toEqual([]);
  });

  it('hears only its own key', () => {
    const state = numbers();
    const listener = vi.fn();
    const unsubscribe = state.subscribe(listener);
    writeFromAnotherTab('test.other', '1');
    expect(listener).not.toHaveBeenCalled();
    writeFromAnotherTab(KEY, '[1]');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    writeFromAnotherTab(KEY, '[2]');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('renders the fallback on the server, whatever the browser holds', () => {
    localStorage.setItem(KEY, '[9]');
    const state = numbers();
    const Shown = () => String(useStoredState(state).length);
    expect(renderToString(createElement(Shown))).toBe('0');
  });
});

describe('a family of stored values', () => {
  it('keeps one value per key, the same store for the same key', () => {
    const batch = storedStateFamily<number[]>({ fallback: [], parse: z.array(z.number()) });
    expect(batch('test.a')).toBe(batch('test.a'));
    batch('test.a').set([1]);
    batch('test.b').set([2]);
    expect(batch('test.a').get()).toEqual([1]);
    expect(localStorage.getItem('test.b')).toBe('[2]');
    const { result } = renderHook(() => useStoredState(batch('test.b')));
    act(() => writeFromAnotherTab('test.a', '[3]'));
    expect(result.current).toEqual([2]);
    act(() => writeFromAnotherTab('test.b', '[4]'));
    expect(result.current).toEqual([4]);
  });
});
