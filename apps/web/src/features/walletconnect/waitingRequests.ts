import { useSyncExternalStore } from 'react';

/**
 * How many dapp requests wait for the owner on the Safe on screen: DappRequests counts them, the
 * navigation's badge shows the count. Kept apart from the SDK so the badge costs the first chunk
 * nothing.
 */
let waiting = 0;
const listeners = new Set<() => void>();

export function setWaitingDappRequests(count: number): void {
  if (count === waiting) return;
  waiting = count;
  for (const listener of listeners) listener();
}

export function useWaitingDappRequests(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => waiting,
    () => 0,
  );
}
