import { useSyncExternalStore } from 'react';
import { readStoredString, writeStoredString } from '../../lib/storage';

/**
 * What the rest of the app knows of the linked wallet. wagmi and RainbowKit live in a lazy chunk
 * (runtime/), loaded on the first intent to connect or when a wallet was linked before, so the Safe
 * overview's first load carries none of their weight. The runtime publishes its state here and
 * registers the actions the app may ask of it.
 */
export type WalletSnapshot = {
  /** idle: wallet code not requested; loading: its chunk is on the way; ready: mounted. */
  runtime: 'idle' | 'loading' | 'ready';
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected';
  address: string | undefined;
  chainId: number | undefined;
  connectorId: string | undefined;
  /** Sign-In with Ethereum state of the connected account. */
  auth: 'loading' | 'unauthenticated' | 'authenticated';
  /** The last wallet error worth telling the user, already worded for them. */
  notice: string | undefined;
};

export type WalletActions = {
  /** Opens the connect modal (or the account modal when connected) if an open was requested. */
  openConnectModal(): void;
  /** Switches the wallet to the chain, adding it first when the wallet lacks it (4902). */
  switchChain(chainId: number): Promise<void>;
  disconnect(): void;
};

const initial: WalletSnapshot = {
  runtime: 'idle',
  status: 'disconnected',
  address: undefined,
  chainId: undefined,
  connectorId: undefined,
  auth: 'unauthenticated',
  notice: undefined,
};

let snapshot = initial;
let actions: WalletActions | undefined;
/** Set by a click on Connect before the runtime was ready: the runtime opens the modal on mount. */
let openWhenReady = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getWalletSnapshot(): WalletSnapshot {
  return snapshot;
}

export function updateWallet(patch: Partial<WalletSnapshot>): void {
  const next = { ...snapshot, ...patch };
  if ((Object.keys(patch) as (keyof WalletSnapshot)[]).every((key) => next[key] === snapshot[key])) return;
  snapshot = next;
  emit();
}

export function useWallet(): WalletSnapshot {
  return useSyncExternalStore(subscribe, getWalletSnapshot, () => initial);
}

export function registerWalletActions(next: WalletActions | undefined): void {
  actions = next;
}

/** True once after a click on Connect that came before the runtime could open the modal. */
export function takeOpenRequest(): boolean {
  const requested = openWhenReady;
  openWhenReady = false;
  return requested;
}

export function getWalletActions(): WalletActions | undefined {
  return actions;
}

/** Starts loading the wallet code (idempotent); with `open`, the connect modal opens once it is there. */
export function requestWalletRuntime(options: { open?: boolean } = {}): void {
  if (options.open) {
    openWhenReady = true;
    actions?.openConnectModal();
  }
  if (snapshot.runtime === 'idle') updateWallet({ runtime: 'loading' });
}

export function showWalletNotice(message: string | undefined): void {
  updateWallet({ notice: message });
}

const LINKED_KEY = 'countersign.wallet.linked';

/** Remembered so a reload loads the wallet code at once and wagmi can reconnect. */
export function rememberWalletLinked(linked: boolean): void {
  writeStoredString(LINKED_KEY, linked ? '1' : '');
}

/** A wallet was linked before, or the app runs inside a Safe (its connector links by itself). */
export function shouldLoadWalletAtStart(): boolean {
  if (readStoredString(LINKED_KEY) === '1') return true;
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}
