import { CACHE_MAX_AGE_MS } from './queryClient';

/**
 * A cookie that tells the web server this browser keeps a saved cache. Without it (a first visit),
 * the server also preloads the data a view shows first, which the app would otherwise ask for only
 * once its code has run; with it, the app shows the saved data at once and asks again only for
 * what is stale, so such preloads would go unused. It holds nothing but its presence.
 */
export const SAVED_CACHE_COOKIE = 'countersign-saved-cache';

export function markSavedCache(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SAVED_CACHE_COOKIE}=1; Max-Age=${CACHE_MAX_AGE_MS / 1000}; Path=/; SameSite=Strict`;
}

export function clearSavedCacheMark(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SAVED_CACHE_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
}

/** Whether a request's Cookie header carries the mark. */
export function hasSavedCacheMark(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${SAVED_CACHE_COOKIE}=1`));
}
