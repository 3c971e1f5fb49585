import { clearCookieMark, hasCookieMark, writeCookieMark } from './cookieMark';

/**
 * A cookie that tells the web server this browser keeps something of its own that changes what a
 * Safe's pages show: names (address book, contract ABIs, My Safes), a fiat currency, hidden tokens,
 * shared transactions, Safe Apps, batches, RPCs. The server renders a Safe's page only for a browser
 * without it: a render made without those would show, until the app took over, a page that then
 * changed (USD turning into EUR, a hidden token shown, an address turning into a name). Like the
 * saved-cache mark it holds nothing but its presence; what is kept stays in the browser.
 */
export const OWN_VIEW_COOKIE = 'countersign-own-view';

/** The browser's own limit on a cookie's life (400 days); it is renewed on every page load. */
const MAX_AGE_S = 400 * 24 * 60 * 60;

const PREFIX = 'countersign.';

/**
 * What Countersign keeps that a Safe page's first render does not read: the saved cache (which the
 * server's render replaces with newer answers), the wallet's and the devnet wallet's records (the
 * header shows a plain Connect button until wallet code has loaded, with or without them), and the
 * chain chosen on the start page (a Safe page's chain is in its URL). Any other key of ours counts,
 * so that a new setting is taken to change a page until it is listed here.
 */
const NEUTRAL_KEYS = new Set([
  'countersign.query-cache',
  'countersign.verifiedAccount',
  'countersign.wallet.linked',
  'countersign.devnet.account',
  'countersign.devnet.chain',
  'countersign.devnet.connected',
  'countersign.chainId',
]);

/** Values that keep nothing: a store emptied by hand (every name removed, every token shown again). */
const EMPTY_VALUES = new Set(['', '[]', '{}', 'null', '""']);

export const changesSafePages = (key: string): boolean => key.startsWith(PREFIX) && !NEUTRAL_KEYS.has(key);

/** Whether `storage` holds anything that changes what a Safe's page shows. */
export function keepsOwnView(storage: Pick<Storage, 'length' | 'key' | 'getItem'>): boolean {
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key === null || !changesSafePages(key)) continue;
    const value = storage.getItem(key);
    if (value !== null && !EMPTY_VALUES.has(value.trim())) return true;
  }
  return false;
}

/** Whether a request's Cookie header carries the mark. */
export function hasOwnViewMark(cookieHeader: string | undefined): boolean {
  return hasCookieMark(cookieHeader, OWN_VIEW_COOKIE);
}

/**
 * Sets or clears the mark for what localStorage holds now. Called as the page starts (whatever
 * another version of the app or a hand edit left), with `renew` so that a mark in use does not
 * expire, and after each write of a key that counts, so the next page load's request already
 * carries it; the cookie is written only when it changes (or is renewed).
 */
export function syncOwnViewMark(renew = false): void {
  if (typeof document === 'undefined') return;
  let own: boolean;
  try {
    own = keepsOwnView(window.localStorage);
  } catch {
    // No storage: nothing is kept, so nothing of the browser's own can change a page.
    own = false;
  }
  const marked = hasOwnViewMark(document.cookie);
  if (own && (renew || !marked)) writeCookieMark(OWN_VIEW_COOKIE, MAX_AGE_S);
  else if (!own && marked) clearCookieMark(OWN_VIEW_COOKIE);
}
