import { clearCookieMark, hasCookieMark, writeCookieMark } from './cookieMark';
import { CACHE_MAX_AGE_MS } from './queryClient';

/**
 * A cookie that tells the web server this browser keeps a saved cache. Without it (a first visit),
 * the server also preloads the data a view shows first, which the app would otherwise ask for only
 * once its code has run; with it, the app shows the saved data at once and asks again only for
 * what is stale, so such preloads would go unused. It holds nothing but its presence.
 */
export const SAVED_CACHE_COOKIE = 'countersign-saved-cache';

/**
 * The cache is saved on every change to it (a page of the history arriving, a poll answered), and a
 * cookie write is not free: the mark is written once per page load, then again only after this long,
 * well within the cookie's own life.
 */
const REMARK_AFTER_MS = 60 * 60 * 1000;
let markedAt: number | undefined;

export function markSavedCache(now = Date.now()): void {
  if (typeof document === 'undefined') return;
  if (markedAt !== undefined && now - markedAt < REMARK_AFTER_MS) return;
  markedAt = now;
  writeCookieMark(SAVED_CACHE_COOKIE, CACHE_MAX_AGE_MS / 1000);
}

export function clearSavedCacheMark(): void {
  if (typeof document === 'undefined') return;
  markedAt = undefined;
  clearCookieMark(SAVED_CACHE_COOKIE);
}

/** Whether a request's Cookie header carries the mark. */
export function hasSavedCacheMark(cookieHeader: string | undefined): boolean {
  return hasCookieMark(cookieHeader, SAVED_CACHE_COOKIE);
}
