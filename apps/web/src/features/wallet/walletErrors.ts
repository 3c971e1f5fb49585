/**
 * Wallet errors worded for people. Wallets report EIP-1193 / JSON-RPC codes, and wagmi and viem
 * wrap them in their own errors, so the code is looked for along the `cause` chain. Free of viem so
 * the app shell can use it without loading the wallet code.
 */
export const walletTexts = {
  wrongNetwork: 'Wrong network detected, switch or disconnect to continue.',
  switchingNotSupported:
    'Your wallet does not support switching networks from this app. Try switching networks from within your wallet instead.',
  oops: 'Oops, something went wrong!',
  rejectedConnect: 'You declined the connection request in your wallet.',
  rejectedSwitch: 'You declined the network switch in your wallet.',
  rejected: 'You declined the request in your wallet.',
  pending: 'Your wallet already has a request waiting for you. Open your wallet to finish or cancel it.',
  notInstalled: (wallet: string) => `${wallet} is not installed`,
  notAvailable: (wallet: string) => `${wallet} is not available`,
  loadFailed: 'Wallet support could not be loaded. Check your connection and try again.',
} as const;

export type WalletAction = 'connect' | 'switchChain' | 'other';

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

/**
 * The message to show for a failed wallet request, or undefined when there is nothing to say (a
 * rejected Sign-In signature just returns to its prompt, which RainbowKit handles).
 */
export function describeWalletError(error: unknown, action: WalletAction, walletName = 'The wallet'): string {
  const codes = walletErrorCodes(error);
  if (codes.includes(4001) || hasName(error, 'UserRejectedRequestError')) {
    return action === 'connect'
      ? walletTexts.rejectedConnect
      : action === 'switchChain'
        ? walletTexts.rejectedSwitch
        : walletTexts.rejected;
  }
  if (codes.includes(-32002) || hasName(error, 'ResourceUnavailableRpcError')) return walletTexts.pending;
  // A provider disconnected from every chain (EIP-1193 4900) is there but cannot serve.
  if (isWalletMissing(error)) return walletTexts.notInstalled(walletName);
  if (action === 'connect' && codes.includes(4900)) return walletTexts.notAvailable(walletName);
  if (
    action === 'switchChain' &&
    (codes.includes(4200) ||
      codes.includes(-32601) ||
      hasName(
        error,
        'SwitchChainNotSupportedError',
        'UnsupportedProviderMethodError',
        'MethodNotFoundRpcError',
      ))
  ) {
    return walletTexts.switchingNotSupported;
  }
  return walletTexts.oops;
}
