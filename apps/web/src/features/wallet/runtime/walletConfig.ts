import { MutationCache, QueryClient, type Mutation } from '@tanstack/react-query';
import type { Chain } from 'viem';
import { createConfig, http, type Config, type CreateConnectorFn } from 'wagmi';
import { connectorsForWallets } from '@rainbow-me/rainbowkit';
import type { ChainInfo } from '@countersign/gateway-api';
import type { RuntimeConfig } from '../../../lib/config';
import { describeWalletError, isWalletMissing } from '../walletErrors';
import { walletTexts } from '../walletTexts';
import { shouldLoadWalletAtStart, showWalletNotice } from '../walletStore';
import { createDevnetProvider, type DevnetProvider } from './devnetProvider';
import { devnetWallet } from './devnetWallet';
import { rpcUrlOf } from '../../chains';
import { walletChainsOf } from './walletChains';
import { walletSetupKey } from './walletSetupKey';
import { walletGroups } from './walletList';

/**
 * Chain requests give up after 10 s and are tried twice more 100 ms apart; batched calls go out at
 * once; block and receipt watchers poll every 4 s.
 */
const transportOptions = { batch: { wait: 0 }, retryCount: 2, retryDelay: 100, timeout: 10_000 } as const;
const POLLING_INTERVAL_MS = 4_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything the wallet runtime is built from, made once per chain list and set of disabled wallets. */
export type WalletSetup = {
  wagmi: Config;
  queryClient: QueryClient;
  devnet: DevnetProvider | undefined;
  /**
   * Only a wallet linked before (or the Safe around an iframe) is reconnected. Otherwise the runtime
   * was loaded for a click on Connect, which must not wait for every connector to be asked first.
   */
  reconnectOnMount: boolean;
};

/** Connection and network-switch failures, wherever they start (RainbowKit's modals or the app). */
function reportWalletError(
  error: unknown,
  variables: unknown,
  mutation: Mutation<unknown, unknown, unknown>,
) {
  const key = mutation.options.mutationKey?.[0];
  if (key === 'connect') {
    const connector = (variables as { connector?: { name?: unknown } } | undefined)?.connector;
    const name = typeof connector?.name === 'string' ? connector.name : undefined;
    showWalletNotice(describeWalletError(error, 'connect', name));
  } else if (key === 'switchChain') {
    showWalletNotice(describeWalletError(error, 'switchChain'));
  }
}

/**
 * RainbowKit asks a connector for its chain before wagmi's connect starts, outside the mutation
 * cache: a wallet gone since the modal listed it (an extension disabled meanwhile) would leave the
 * modal spinning without a word. That case is told here.
 */
function reportingMissingWallet(create: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = create(config);
    const getChainId = connector.getChainId;
    return Object.assign(connector, {
      async getChainId(this: typeof connector) {
        try {
          return await getChainId.call(this);
        } catch (error) {
          if (isWalletMissing(error)) showWalletNotice(walletTexts.notInstalled(connector.name));
          throw error;
        }
      },
    });
  };
}

type ModalConnectorDetails = { rkDetails?: { isWalletConnectModalConnector?: boolean } };

/** wagmi's own record of the connector used last (its default storage: localStorage, `wagmi.` keys). */
function lastConnectorWasWalletConnect(): boolean {
  try {
    return window.localStorage.getItem('wagmi.recentConnectorId') === '"walletConnect"';
  } catch {
    return false;
  }
}

/**
 * RainbowKit adds a second WalletConnect connector for its "Open WalletConnect modal" link, and
 * wagmi sets every connector up when the wallet code loads: that one starts WalletConnect's AppKit
 * modal at once, which fetches its configuration from api.web3modal.org and reports the page to
 * pulse.walletconnect.org on every load, whatever the user does. Here it starts only when the user
 * opens it, or when a WalletConnect connection was the last one (a session to restore).
 */
function modalStartedOnDemand(create: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = create(config);
    if (!(connector as ModalConnectorDetails).rkDetails?.isWalletConnectModalConnector) return connector;
    let started = lastConnectorWasWalletConnect();
    const { getProvider, isAuthorized, connect, setup } = connector;
    return Object.assign(connector, {
      async setup(this: typeof connector) {
        if (started) await setup?.call(this);
      },
      async getProvider(this: typeof connector, ...args: Parameters<typeof getProvider>) {
        if (!started) throw new Error('The WalletConnect modal has not been opened.');
        return getProvider.apply(this, args);
      },
      async isAuthorized(this: typeof connector) {
        return started ? isAuthorized.call(this) : false;
      },
      async connect(this: typeof connector, ...args: Parameters<typeof connect>) {
        started = true;
        return connect.apply(this, args);
      },
    });
  };
}

/** The wagmi configuration over the wallet's chains: every chain on its own RPC URL, never a public fallback. */
export function createWagmiConfig(chains: readonly Chain[], connectors: CreateConnectorFn[]): Config {
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    connectors,
    transports: Object.fromEntries(
      chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0], transportOptions)]),
    ),
    pollingInterval: POLLING_INTERVAL_MS,
  });
}

export function createWalletSetup(
  chains: readonly ChainInfo[],
  runtime: RuntimeConfig,
  disabledWallets: readonly string[],
): WalletSetup {
  // The devnet chains the gateway lists, in the configuration's order: the main devnet first.
  const devnetChains = (runtime.devnet?.chainIds ?? []).flatMap((chainId) => {
    const chain = chains.find((candidate) => candidate.chainId === chainId);
    return chain ? [{ chainId: Number(chainId), rpcUrl: rpcUrlOf(chain) }] : [];
  });
  const devnet =
    runtime.devnet && devnetChains.length > 0
      ? createDevnetProvider(runtime.devnet, devnetChains)
      : undefined;
  const listed = connectorsForWallets(
    walletGroups({
      walletConnect: runtime.walletConnectProjectId !== undefined,
      devnetWallet: devnet && devnetWallet(devnet),
      disabledWallets,
      safeHostOrigins: runtime.frameAncestors ?? [],
    }),
    // Without a project id no WalletConnect connector is built (walletGroups leaves them out). With
    // one, WalletConnect's usage telemetry stays off: the relay is all a connection needs.
    {
      appName: 'Countersign',
      projectId: runtime.walletConnectProjectId ?? 'walletconnect-disabled',
      walletConnectParameters: { relayUrl: runtime.walletConnectRelayUrl, telemetryEnabled: false },
    },
  );
  const wagmi = createWagmiConfig(
    walletChainsOf(chains),
    listed.map((create) => reportingMissingWallet(modalStartedOnDemand(create))),
  );
  // wagmi's own QueryClient: its cached values hold bigints, which the app's persisted cache could not store.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: DAY_MS } },
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => reportWalletError(error, variables, mutation),
    }),
  });
  return { wagmi, queryClient, devnet, reconnectOnMount: shouldLoadWalletAtStart() };
}

let cachedSetup: { key: string; setup: WalletSetup } | undefined;

/**
 * One wagmi configuration per chain list and set of disabled wallets, kept outside React: a render
 * thrown away with its state must not leave a second configuration behind while wagmi's provider
 * has already started reconnecting the first, which would then find the reconnect taken.
 */
export function walletSetupFor(
  chains: readonly ChainInfo[],
  runtime: RuntimeConfig,
  disabledWallets: readonly string[],
): WalletSetup {
  const key = walletSetupKey(chains, disabledWallets);
  if (cachedSetup?.key !== key) {
    cachedSetup = { key, setup: createWalletSetup(chains, runtime, disabledWallets) };
  }
  return cachedSetup.setup;
}
