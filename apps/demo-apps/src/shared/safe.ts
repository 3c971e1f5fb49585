import SafeAppsSDK, { type ChainInfo, type SafeInfoExtended } from '@safe-global/safe-apps-sdk';
import { SafeAppProvider } from '@safe-global/safe-apps-provider';
import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type Chain,
  type PublicClient,
  type WalletClient,
  type Account,
  type Transport,
} from 'viem';

/** The SDK never gives up on an answer; the apps do, so that a missing host is said, not awaited. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer from the Safe wallet in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export type SafeConnection = {
  sdk: SafeAppsSDK;
  safe: SafeInfoExtended;
  chainInfo: ChainInfo;
  chain: Chain;
  provider: SafeAppProvider;
  publicClient: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
};

export const insideAFrame = () => window.parent !== window;

/**
 * Asks the Safe wallet framing this page for its Safe and chain, and builds viem clients over the
 * Safe Apps provider (EIP-1193 over the SDK): reads go to the wallet's RPC allowlist, signatures and
 * transactions to its review screens.
 */
export async function connectSafe(timeoutMs = 5_000): Promise<SafeConnection> {
  if (!insideAFrame())
    throw new Error('Open this app from a Safe wallet (it runs inside the wallet’s page).');
  const sdk = new SafeAppsSDK();
  const safe = await withTimeout(sdk.safe.getInfo(), timeoutMs, 'getSafeInfo');
  const chainInfo = await withTimeout(sdk.safe.getChainInfo(), timeoutMs, 'getChainInfo');
  const chain = defineChain({
    id: safe.chainId,
    name: chainInfo.chainName,
    nativeCurrency: {
      name: chainInfo.nativeCurrency.name,
      symbol: chainInfo.nativeCurrency.symbol,
      decimals: chainInfo.nativeCurrency.decimals,
    },
    // Never used: every request goes through the provider.
    rpcUrls: { default: { http: [] } },
  });
  const provider = new SafeAppProvider(safe, sdk);
  // No retries: a refused or failed request is the Safe wallet's answer, not a network hiccup.
  const transport = custom(provider, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 500 });
  const walletClient = createWalletClient({
    chain,
    transport,
    account: { address: safe.safeAddress as `0x${string}`, type: 'json-rpc' },
  });
  return { sdk, safe, chainInfo, chain, provider, publicClient, walletClient };
}
