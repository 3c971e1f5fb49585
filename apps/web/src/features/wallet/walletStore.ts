import type { Address, Hex, TypedData, TypedDataDefinition } from 'viem';
import { err, ok, type Result } from '../../lib/result';
import { readStoredString, writeStoredString } from '../../lib/storage';
import type { WalletError } from './walletErrors';
import { walletTexts } from './walletTexts';

/**
 * What the rest of the app knows of the linked wallet. wagmi and RainbowKit live in a lazy chunk
 * (runtime/), loaded on the first intent to connect or when a wallet was linked before, so the Safe
 * overview's first load carries none of their weight. The runtime publishes its state here and
 * registers the actions the app may ask of it, and its implementation of `walletApi`.
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
  /**
   * Switches the wallet to the chain, adding it first when the wallet lacks it (4902); a failure is
   * shown as the wallet notice. `walletApi.switchChain` is the same switch, answering with a result.
   */
  switchChain(chainId: number): Promise<void>;
  disconnect(): void;
};

/** A wallet request's answer: it never throws, a failure is a value worded for the user. */
/** A wallet call's outcome: wallet calls never throw. */
export type WalletResult<T> = Result<T, WalletError>;

export type WalletSignature = {
  signature: Hex;
  /** The account that signed: the connected one when the request was made. */
  address: Address;
};

export type WalletTransactionRequest = {
  to: Address;
  value?: bigint;
  data?: Hex;
  /** Estimated by the wallet's node when left out. */
  gas?: bigint;
  /** The chain the transaction is for: the wallet is asked to switch to it first when needed. */
  chainId: number;
};

export type WalletSentTransaction = { hash: Hex; address: Address; chainId: number };

export type WalletReceipt = {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  gasUsed: bigint;
  transactionHash: Hex;
};

export type WalletRecentTransaction = {
  hash: Hex;
  /** Shown in the profile menu's Recent Transactions. */
  description: string;
  /** The transaction's chain: RainbowKit files it under the wallet's current one, so they must match. */
  chainId?: number;
};

/** The specification's default for an ERC20 whose decimals are unknown, when asking a wallet to track it. */
export const WATCH_ASSET_DEFAULT_DECIMALS = 18;

/** An ERC20 token for the wallet to track (EIP-747 wallet_watchAsset). */
export type WalletWatchAsset = {
  address: Address;
  /** As the token names itself; wallets may refuse long ones (MetaMask: 11 characters). */
  symbol: string;
  /** WATCH_ASSET_DEFAULT_DECIMALS when unknown. */
  decimals?: number | null;
  /** An http(s) URL of the token's logo, shown by the wallet. */
  image?: string;
  /** The token's chain: the wallet is asked to switch to it first, since wallets file tokens per chain. */
  chainId: number;
};

export type WalletRequestOptions = {
  /** The chain the request is for: the wallet is asked to switch to it first when it is elsewhere. */
  chainId?: number;
};

/**
 * What the app may ask of the linked wallet, without React and without loading wagmi itself. Each
 * call answers `{ ok: true, value }` or `{ ok: false, error: { kind, message, code? } }` and never
 * throws. When the wallet code is not loaded yet a call loads it (as pointing at Connect would,
 * without opening the modal) and waits for it; with no account connected it answers
 * `not-connected`, and the caller may then offer `requestWalletRuntime({ open: true })`. Requests
 * for a chain the wallet is not on ask the wallet to switch first, and fail with the switch's error.
 */
export type WalletApi = {
  /** EIP-712 typed data (eth_signTypedData_v4), e.g. a SafeTx. */
  signTypedData<
    const typedData extends TypedData | Record<string, unknown>,
    primaryType extends keyof typedData | 'EIP712Domain',
  >(
    typedData: TypedDataDefinition<typedData, primaryType>,
    options?: WalletRequestOptions,
  ): Promise<WalletResult<WalletSignature>>;
  /** An EIP-191 message (personal_sign): text, or `{ raw }` bytes such as a hash. */
  signMessage(
    message: string | { raw: Hex },
    options?: WalletRequestOptions,
  ): Promise<WalletResult<WalletSignature>>;
  /** Sends a transaction from the connected account; resolves once the wallet gives its hash. */
  sendTransaction(request: WalletTransactionRequest): Promise<WalletResult<WalletSentTransaction>>;
  /** Switches the wallet to the chain, adding it first when the wallet lacks it (4902). */
  switchChain(chainId: number): Promise<WalletResult<{ chainId: number }>>;
  /** Follows a transaction until it is mined (a reverted one is a result, not an error). */
  waitForReceipt(request: { hash: Hex; chainId: number }): Promise<WalletResult<WalletReceipt>>;
  /** Lists the transaction in the profile menu's Recent Transactions, with its live status. */
  addRecentTransaction(transaction: WalletRecentTransaction): Promise<WalletResult<undefined>>;
  /**
   * Asks the wallet to track an ERC20 token (wallet_watchAsset). `added` is the wallet's answer: false
   * when it chose not to add it without calling that an error. A wallet without the method answers
   * `unsupported`.
   */
  watchAsset(asset: WalletWatchAsset): Promise<WalletResult<{ added: boolean }>>;
};

/** Before the wallet code has run (and on the web server): nothing linked. */
export const initialWalletSnapshot: WalletSnapshot = {
  runtime: 'idle',
  status: 'disconnected',
  address: undefined,
  chainId: undefined,
  connectorId: undefined,
  auth: 'unauthenticated',
  notice: undefined,
};

let snapshot = initialWalletSnapshot;
let actions: WalletActions | undefined;
/** The runtime's implementation of the wallet API, once it is mounted. */
let runtimeApi: WalletApi | undefined;
const apiListeners = new Set<() => void>();
/** Set by a click on Connect before the runtime was ready: the runtime opens the modal on mount. */
let openWhenReady = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function subscribeWallet(listener: () => void) {
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

/**
 * The runtime registers its implementation of the wallet API on mount; the returned function
 * withdraws it on unmount (unless another runtime has registered since).
 */
export function registerWalletApi(api: WalletApi): () => void {
  runtimeApi = api;
  for (const listener of [...apiListeners]) listener();
  return () => {
    if (runtimeApi === api) runtimeApi = undefined;
  };
}

/** How long a call waits for the wallet code before giving up (a chunk that never arrives). */
const RUNTIME_WAIT_MS = 30_000;

const runtimeUnavailable = (): WalletResult<never> =>
  err({ kind: 'unavailable', message: walletTexts.loadFailed });

/** The runtime's API, loading the wallet code first when it is not there yet. */
function whenWalletApi(): Promise<WalletResult<WalletApi>> {
  if (runtimeApi) return Promise.resolve(ok(runtimeApi));
  return new Promise((resolve) => {
    const finish = (result: WalletResult<WalletApi>) => {
      clearTimeout(timer);
      apiListeners.delete(onApi);
      unsubscribe();
      resolve(result);
    };
    const onApi = () => {
      if (runtimeApi) finish(ok(runtimeApi));
    };
    // The wallet slot sets the runtime back to idle when its chunk failed to load.
    const unsubscribe = subscribeWallet(() => {
      if (snapshot.runtime === 'idle') finish(runtimeUnavailable());
    });
    const timer = setTimeout(() => finish(runtimeUnavailable()), RUNTIME_WAIT_MS);
    apiListeners.add(onApi);
    requestWalletRuntime();
  });
}

async function viaRuntime<T>(call: (api: WalletApi) => Promise<WalletResult<T>>): Promise<WalletResult<T>> {
  try {
    const api = await whenWalletApi();
    return api.ok ? await call(api.value) : api;
  } catch (error) {
    // The runtime maps every wallet failure itself; this is only for a fault of its own, and keeps
    // the mapper out of the first JavaScript the app loads.
    return err({ kind: 'failed', message: walletTexts.oops, cause: error });
  }
}

/** The wallet API for the whole app (see WalletApi); the runtime does the work once it is loaded. */
export const walletApi: WalletApi = {
  signTypedData(typedData, options) {
    return viaRuntime((api) => api.signTypedData(typedData, options));
  },
  signMessage(message, options) {
    return viaRuntime((api) => api.signMessage(message, options));
  },
  sendTransaction(request) {
    return viaRuntime((api) => api.sendTransaction(request));
  },
  switchChain(chainId) {
    return viaRuntime((api) => api.switchChain(chainId));
  },
  waitForReceipt(request) {
    return viaRuntime((api) => api.waitForReceipt(request));
  },
  addRecentTransaction(transaction) {
    return viaRuntime((api) => api.addRecentTransaction(transaction));
  },
  watchAsset(asset) {
    return viaRuntime((api) => api.watchAsset(asset));
  },
};

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
