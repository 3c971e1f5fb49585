import { useSyncExternalStore } from 'react';
import { readStoredString, removeStoredString, writeStoredString } from '../../lib/storage';

/**
 * Whether WalletConnect is in use in this browser: the owner opened the Dapps page, or a session is
 * left from before. Only then do the SDK and its relay connection load on the Safe's pages (so that a
 * dapp's requests reach the owner anywhere); otherwise nothing of WalletConnect loads.
 */
const KEY = 'countersign.walletconnect.active';
const listeners = new Set<() => void>();

export function setWalletConnectActive(active: boolean): void {
  if (active === isWalletConnectActive()) return;
  if (active) writeStoredString(KEY, '1');
  else removeStoredString(KEY);
  for (const listener of listeners) listener();
}

export function isWalletConnectActive(): boolean {
  return readStoredString(KEY) === '1';
}

export function useWalletConnectActive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    isWalletConnectActive,
    () => false,
  );
}
