/**
 * Wallet errors worded for people, in the words of walletTexts.ts. Wallets report EIP-1193 / JSON-RPC
 * codes, and wagmi and viem wrap them in their own errors, so the code is looked for along the `cause`
 * chain. Free of viem, so views can word a wallet's failure without loading the wallet code.
 */
import { walletTexts } from './walletTexts';

/** What was asked of the wallet: the same failure is worded for it. */
export type WalletAction =
  'connect' | 'switchChain' | 'sign' | 'sendTransaction' | 'watchAsset' | 'receipt' | 'other';

/**
 * What went wrong, for a caller to branch on: `rejected` (the user said no), `pending` (the wallet
 * already has a request open), `unsupported` (the wallet, or Countersign's settings, cannot do it),
 * `not-connected`, `wrong-chain` (the wallet is on another network than the request needs),
 * `unavailable` (the wallet, or the wallet code, is missing), `failed` (anything else).
 */
export type WalletErrorKind =
  'rejected' | 'pending' | 'unsupported' | 'not-connected' | 'wrong-chain' | 'unavailable' | 'failed';

export type WalletError = {
  kind: WalletErrorKind;
  /** Worded for the user; show it as it is. */
  message: string;
  /** The wallet's own EIP-1193 / JSON-RPC code, when it gave one. */
  code?: number;
  /** The original error, for logs only. */
  cause?: unknown;
};

type ErrorLike = { code?: unknown; name?: unknown; cause?: unknown };

/** Every error in the `cause` chain, outermost first (bounded: causes can be cyclic). */
function causeChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && chain.length < 8) {
    chain.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return chain;
}

/** The wallet's own code: the innermost one, since wagmi and viem wrap it in errors with codes of theirs. */
export function walletErrorCode(error: unknown): number | undefined {
  return walletErrorCodes(error).at(-1);
}

function walletErrorCodes(error: unknown): number[] {
  return causeChain(error).flatMap((link) => (typeof link.code === 'number' ? [link.code] : []));
}

const hasName = (error: unknown, ...names: string[]) =>
  causeChain(error).some((link) => typeof link.name === 'string' && names.includes(link.name));

/** No provider at all: the wallet's extension is missing (or was disabled since the page loaded). */
export const isWalletMissing = (error: unknown) =>
  hasName(error, 'ProviderNotFoundError', 'ConnectorNotFoundError');

const isUnsupportedMethod = (error: unknown, codes: number[]) =>
  codes.includes(4200) ||
  codes.includes(-32601) ||
  codes.includes(-32004) ||
  hasName(
    error,
    'SwitchChainNotSupportedError',
    'UnsupportedProviderMethodError',
    'MethodNotFoundRpcError',
    'MethodNotSupportedRpcError',
  );

const rejectedTexts: Record<WalletAction, string> = {
  connect: walletTexts.rejectedConnect,
  switchChain: walletTexts.rejectedSwitch,
  sign: walletTexts.rejectedSignature,
  sendTransaction: walletTexts.rejectedTransaction,
  watchAsset: walletTexts.rejectedWatchAsset,
  receipt: walletTexts.rejected,
  other: walletTexts.rejected,
};

const unsupportedTexts: Partial<Record<WalletAction, string>> = {
  switchChain: walletTexts.switchingNotSupported,
  sign: walletTexts.signingNotSupported,
  sendTransaction: walletTexts.sendingNotSupported,
  watchAsset: walletTexts.watchAssetNotSupported,
};

function classify(
  error: unknown,
  action: WalletAction,
  walletName: string,
): Pick<WalletError, 'kind' | 'message'> {
  const codes = walletErrorCodes(error);
  if (codes.includes(4001) || hasName(error, 'UserRejectedRequestError')) {
    return { kind: 'rejected', message: rejectedTexts[action] };
  }
  if (codes.includes(-32002) || hasName(error, 'ResourceUnavailableRpcError')) {
    return { kind: 'pending', message: walletTexts.pending };
  }
  // A provider disconnected from every chain (EIP-1193 4900) is there but cannot serve.
  if (isWalletMissing(error)) return { kind: 'unavailable', message: walletTexts.notInstalled(walletName) };
  if (action === 'connect' && codes.includes(4900)) {
    return { kind: 'unavailable', message: walletTexts.notAvailable(walletName) };
  }
  if (action === 'connect') return { kind: 'failed', message: walletTexts.oops };
  // Countersign's own wagmi configuration lacks the chain (no usable RPC URL for it).
  if (hasName(error, 'ChainNotConfiguredError')) {
    return { kind: 'unsupported', message: walletTexts.chainNotConfigured };
  }
  if (hasName(error, 'ChainMismatchError', 'ConnectorChainMismatchError')) {
    return { kind: 'wrong-chain', message: walletTexts.wrongNetwork };
  }
  if (
    hasName(
      error,
      'ConnectorNotConnectedError',
      'ConnectorAccountNotFoundError',
      'ConnectorUnavailableReconnectingError',
    )
  ) {
    return { kind: 'not-connected', message: walletTexts.notConnected };
  }
  const unsupported = unsupportedTexts[action];
  if (unsupported !== undefined && isUnsupportedMethod(error, codes)) {
    return { kind: 'unsupported', message: unsupported };
  }
  if (action === 'sendTransaction' && hasName(error, 'InsufficientFundsError')) {
    return { kind: 'failed', message: walletTexts.insufficientFunds };
  }
  if (action === 'receipt' && hasName(error, 'WaitForTransactionReceiptTimeoutError')) {
    return { kind: 'failed', message: walletTexts.receiptTimeout };
  }
  return { kind: 'failed', message: walletTexts.oops };
}

/**
 * A failed wallet request as the app hands it on: what kind of failure, and the message to show.
 * The one place wallet errors are worded; `describeWalletError` is its message alone.
 */
export function toWalletError(error: unknown, action: WalletAction, walletName = 'The wallet'): WalletError {
  const code = walletErrorCode(error);
  return { ...classify(error, action, walletName), ...(code === undefined ? {} : { code }), cause: error };
}

/** The message to show for a failed wallet request. */
export function describeWalletError(error: unknown, action: WalletAction, walletName = 'The wallet'): string {
  return classify(error, action, walletName).message;
}
