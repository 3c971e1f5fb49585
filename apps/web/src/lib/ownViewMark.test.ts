// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { hasOwnViewMark, keepsOwnView, syncOwnViewMark } from './ownViewMark';
import { removeStoredString, writeStoredString } from './storage';
import { storedState } from './storedState';

const marked = () => hasOwnViewMark(document.cookie);

describe('the own-view mark', () => {
  afterEach(() => {
    localStorage.clear();
    syncOwnViewMark();
  });

  it('is not set by what a Safe page does not read: the saved cache, wallet records, the chosen chain', () => {
    localStorage.setItem('countersign.query-cache', '{"clientState":{}}');
    localStorage.setItem('countersign.verifiedAccount', '"0xabc"');
    localStorage.setItem('countersign.wallet.linked', '1');
    localStorage.setItem('countersign.devnet.account', '3');
    localStorage.setItem('countersign.chainId', '"1337"');
    localStorage.setItem('wagmi.store', '{"state":{}}');
    expect(keepsOwnView(localStorage)).toBe(false);
    syncOwnViewMark();
    expect(marked()).toBe(false);
  });

  it('is set as a setting is stored through the app, and cleared as the last one is emptied', () => {
    const currency = storedState<string>('countersign.fiat-currency', {
      fallback: 'USD',
      parse: (stored) => (typeof stored === 'string' ? stored : undefined),
      text: true,
    });
    currency.set('EUR');
    expect(marked()).toBe(true);
    writeStoredString('countersign.hidden-tokens', '{}');
    removeStoredString('countersign.fiat-currency');
    // An emptied store keeps nothing that changes a page.
    expect(marked()).toBe(false);
  });

  it('takes a key of ours it does not know to change a page, and follows what another version left', () => {
    localStorage.setItem('countersign.some-later-setting', 'on');
    expect(marked()).toBe(false);
    syncOwnViewMark();
    expect(marked()).toBe(true);
    localStorage.removeItem('countersign.some-later-setting');
    syncOwnViewMark();
    expect(marked()).toBe(false);
  });

  it('is read from a Cookie header only when set', () => {
    expect(hasOwnViewMark('a=1; countersign-own-view=1; b=2')).toBe(true);
    expect(hasOwnViewMark('countersign-own-view=')).toBe(false);
    expect(hasOwnViewMark(undefined)).toBe(false);
  });
});
