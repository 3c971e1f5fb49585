import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { readStoredString, removeStoredString, writeStoredString } from './storage';

/**
 * How a value is kept in localStorage. What storage holds comes from outside this tab (another
 * version of the app, another tab, a hand edit), so it is read through `parse` and never trusted:
 * whatever is missing or does not parse reads as `fallback`.
 */
export type StoredStateOptions<T> = {
  /** The value while storage holds nothing readable (and on the server). */
  fallback: T;
  /**
   * What storage holds, decoded (JSON, or the bare text with `text`), as the value: a schema, or a
   * function answering undefined for what is not one. A failed schema or a throw reads as `fallback`.
   */
  parse: z.ZodMiniType<T> | ((stored: unknown) => T | undefined);
  /** What is kept for a value (JSON, or text with `text`); undefined removes the key. Default: the value. */
  serialize?: (value: T) => unknown;
  /** Kept as bare text rather than JSON: settings stored that way before must keep loading. */
  text?: boolean;
};

export type StoredState<T> = {
  readonly key: string;
  /** The value while storage holds nothing readable, and the server's. */
  readonly fallback: T;
  /** The value now: the same object until it changes, as `useSyncExternalStore` needs. */
  get: () => T;
  /**
   * Keeps `value` for every view of this tab and, when the browser takes the write, for the other
   * tabs. Answers whether the browser stored it; where it refused, the value holds in this tab only.
   */
  set: (value: T) => boolean;
  update: (change: (current: T) => T) => boolean;
  /** Calls `listener` on every change, in this tab (`set`) or another (the `storage` event). */
  subscribe: (listener: () => void) => () => void;
};

function decode<T>(raw: string | null, options: StoredStateOptions<T>): T {
  if (raw === null) return options.fallback;
  try {
    const stored: unknown = options.text ? raw : JSON.parse(raw);
    const { parse } = options;
    if (typeof parse === 'function') return parse(stored) ?? options.fallback;
    const result = z.safeParse(parse, stored);
    return result.success ? result.data : options.fallback;
  } catch {
    return options.fallback;
  }
}

function encode<T>(value: T, options: StoredStateOptions<T>): string | undefined {
  const stored = options.serialize ? options.serialize(value) : value;
  if (stored === undefined) return undefined;
  return options.text ? String(stored) : JSON.stringify(stored);
}

/** One value kept in localStorage under `key`, shared by every view of this tab and followed across tabs. */
export function storedState<T>(key: string, options: StoredStateOptions<T>): StoredState<T> {
  const listeners = new Set<() => void>();
  // The value for what storage last held: parsed once per change, the same object in between.
  let cache: { raw: string | null; value: T } | undefined;

  function get(): T {
    const raw = readStoredString(key);
    if (cache?.raw !== raw) cache = { raw, value: decode(raw, options) };
    return cache.value;
  }

  function set(value: T): boolean {
    const raw = encode(value, options);
    if (raw === undefined) removeStoredString(key);
    else writeStoredString(key, raw);
    const stored = readStoredString(key);
    // Whatever storage now holds (the old text, where the write was refused) maps to this value here.
    cache = { raw: stored, value };
    for (const listener of listeners) listener();
    return stored === (raw ?? null);
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      // A null key: another tab cleared the whole storage.
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return { key, fallback: options.fallback, get, set, update: (change) => set(change(get())), subscribe };
}

/**
 * A family of stored values, one key each (the batch of each Safe): the same store for the same key,
 * so every view of one member shares its value.
 */
export function storedStateFamily<T>(options: StoredStateOptions<T>): (key: string) => StoredState<T> {
  const members = new Map<string, StoredState<T>>();
  return (key) => {
    let member = members.get(key);
    if (member === undefined) {
      member = storedState(key, options);
      members.set(key, member);
    }
    return member;
  };
}

const same = <T>(value: T) => value;

/**
 * The stored value, or the part `select` picks of it (which must be the same object for the same
 * value); re-renders when it changes, in this tab or another. The server renders with the fallback.
 */
export function useStoredState<T>(state: StoredState<T>): T;
export function useStoredState<T, S>(state: StoredState<T>, select: (value: T) => S): S;
export function useStoredState<T, S>(
  state: StoredState<T>,
  select: (value: T) => S = same as (value: T) => S,
): S {
  return useSyncExternalStore(
    state.subscribe,
    () => select(state.get()),
    () => select(state.fallback),
  );
}
