import type { RequestOptions, TransportInit } from '../http';

/** Which chain. */
export type ChainParams = { chainId: string };
/** Which Safe, on which chain. */
export type SafeParams = { chainId: string; safeAddress: string };
/**
 * A page of a list: the gateway's raw cursor (`limit=20&offset=20`), as `cursorOf` takes it out of a
 * page's `next`/`previous` link; none for the first page.
 */
export type CursorParams = { cursor?: string | null };

/** Only what a request may carry from the caller's options. */
export const pass = (opts: RequestOptions = {}): TransportInit => ({ signal: opts.signal });
