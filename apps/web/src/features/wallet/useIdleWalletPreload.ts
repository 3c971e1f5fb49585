import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { whenPageSettled } from '../../lib/pageSettled';
import { requestWalletRuntime } from './walletStore';

/** Once per page: a chunk that failed to load is fetched again only on an intent to connect. */
let preloadStarted = false;

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
    return whenPageSettled(queryClient, () => {
      if (preloadStarted) return;
      preloadStarted = true;
      requestWalletRuntime();
    });
  }, [enabled, queryClient]);
}
