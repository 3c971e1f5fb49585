import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

const IDLE_TIMEOUT_MS = 5_000;
/**
 * How long no gateway request may be running before the page counts as shown: a page's queries
 * often depend on each other (chains, then the Safe, then its balances), with short gaps between.
 */
const QUIET_MS = 500;

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

/**
 * Calls `callback` once the page has shown its first data: no query fetching for a quiet moment,
 * then the browser idle. Returns a cancel. What a page can do without at first (the wallet's code,
 * checks beside the first view) waits for this, so that its first script carries none of it.
 */
export function whenPageSettled(queryClient: QueryClient, callback: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  let done = false;
  const schedule = () => {
    cancelIdle?.();
    cancelIdle = undefined;
    // The query cache reports again when the last fetch ends.
    if (done || queryClient.isFetching() > 0) return;
    cancelIdle = whenQuietAndIdle(() => {
      if (done || queryClient.isFetching() > 0) return;
      done = true;
      unsubscribe();
      callback();
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(schedule);
  schedule();
  return () => {
    done = true;
    unsubscribe();
    cancelIdle?.();
  };
}

/** Once the page has settled in this document, it stays so: later views render at once. */
let settledOnce = false;

/** Whether the page has shown its first data (see whenPageSettled); true from then on. */
export function usePageSettled(): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(settledOnce);
  useEffect(() => {
    if (settled) return;
    return whenPageSettled(queryClient, () => {
      settledOnce = true;
      setSettled(true);
    });
  }, [queryClient, settled]);
  return settled;
}
