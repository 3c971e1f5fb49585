// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearSavedCacheMark, hasSavedCacheMark, markSavedCache, SAVED_CACHE_COOKIE } from './savedCacheMark';

const hour = 60 * 60 * 1000;
const marked = () => hasSavedCacheMark(document.cookie);
/** Removes the cookie behind the module's back, to see whether the next mark writes it again. */
const dropCookie = () => {
  document.cookie = `${SAVED_CACHE_COOKIE}=; Max-Age=0; Path=/`;
};

describe('the saved-cache mark', () => {
  afterEach(() => clearSavedCacheMark());

  it('is written on the first save, then not on every save after it', () => {
    const start = Date.now();
    markSavedCache(start);
    expect(marked()).toBe(true);
    dropCookie();
    markSavedCache(start + 1000);
    expect(marked()).toBe(false);
  });

  it('is written again an hour on, so a page left open keeps it alive', () => {
    const start = Date.now();
    markSavedCache(start);
    dropCookie();
    markSavedCache(start + hour);
    expect(marked()).toBe(true);
  });

  it('is written again on the next save after being cleared', () => {
    markSavedCache();
    clearSavedCacheMark();
    expect(marked()).toBe(false);
    markSavedCache();
    expect(marked()).toBe(true);
  });
});
