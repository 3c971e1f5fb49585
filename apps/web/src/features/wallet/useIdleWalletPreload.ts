import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { requestWalletRuntime } from './walletStore';

const IDLE_TIMEOUT_MS = 5_000;
/**
 * How long no gateway request may be running before the page counts as shown: a page's queries
 * often depend on each other (chains, then the Safe, then its balances), with short gaps between.
 */
const QUIET_MS = 500;

/** Once per page: a chunk that failed to load is fetched again only on an intent to connect. */
let preloadStarted = false;

/**
 * Runs `callback` when the browser is idle after a quiet period; returns a cancel. Safari has no
 * requestIdleCallback.
 */
function whenQuietAndIdle(callback: () => void): () => void {
  let idleHandle: number | undefined;
  const quietHandle = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    } else callback();
  }, QUIET_MS);
  return () => {
    window.clearTimeout(quietHandle);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
  };
}

/** The user asked the browser to save data (Chromium's Network Information API). */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Loads the wallet runtime once the page's first data has arrived and the browser is idle, so the
 * first view carries none of its weight and a later click on Connect opens the modal at once
 * instead of waiting for wagmi and RainbowKit to load and start. Skipped under Save-Data, where the
 * code waits for the first intent to connect.
 */
export function useIdleWalletPreload(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || preloadStarted || savesData()) return;
    let cancelIdle: (() => void) | undefined;
    const schedule = () => {
      cancelIdle?.();
      cancelIdle = undefined;
      // The query cache reports again when the last fetch ends.
      if (queryClient.isFetching() > 0) return;
      cancelIdle = whenQuietAndIdle(() => {
        if (queryClient.isFetching() > 0 || preloadStarted) return;
        preloadStarted = true;
        requestWalletRuntime();
      });
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(schedule);
    schedule();
    return () => {
      unsubscribe();
      cancelIdle?.();
    };
  }, [enabled, queryClient]);
}
