import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import {
  getWalletSnapshot,
  initialWalletSnapshot,
  requestWalletRuntime,
  subscribeWallet,
  walletApi,
  type WalletApi,
  type WalletSnapshot,
} from './walletStore';

/**
 * Who signs for the person at the keyboard, given to components rather than imported (as the gateway
 * client is): the account's state, as a store React subscribes to, what may be asked of it
 * (signatures and transactions, answered as results, never thrown), and how to offer linking one.
 * The app runs on `linkedWallet`; a test passes its own.
 */
export type SignerService = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): WalletSnapshot;
  api: WalletApi;
  /** Loads the wallet code; with `open`, opens the connect modal once it is there. */
  requestRuntime(options?: { open?: boolean }): void;
};

/** The browser wallet the owner links (wagmi and RainbowKit, loaded on demand). */
export const linkedWallet: SignerService = {
  subscribe: subscribeWallet,
  getSnapshot: getWalletSnapshot,
  api: walletApi,
  requestRuntime: requestWalletRuntime,
};

const SignerContext = createContext<SignerService>(linkedWallet);

export function SignerProvider({ signer, children }: { signer: SignerService; children: ReactNode }) {
  return <SignerContext.Provider value={signer}>{children}</SignerContext.Provider>;
}

export const useSignerService = (): SignerService => useContext(SignerContext);

/** The signer's account as it is now: re-renders when it changes. */
export function useWallet(): WalletSnapshot {
  const signer = useSignerService();
  return useSyncExternalStore(signer.subscribe, signer.getSnapshot, () => initialWalletSnapshot);
}
