import '@rainbow-me/rainbowkit/styles.css';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MutationCache, QueryClient, QueryClientProvider, type Mutation } from '@tanstack/react-query';
import { isAddressEqual, type Address, type Chain } from 'viem';
import {
  WagmiProvider,
  createConfig,
  http,
  useAccount,
  useAccountEffect,
  useDisconnect,
  useSwitchChain,
  type Config,
  type CreateConnectorFn,
} from 'wagmi';
import {
  ConnectButton,
  RainbowKitAuthenticationProvider,
  RainbowKitProvider,
  connectorsForWallets,
  useAccountModal,
  useConnectModal,
  type AuthenticationStatus,
} from '@rainbow-me/rainbowkit';
import type { ChainInfo } from '@countersign/gateway-api';
import type { RuntimeConfig } from '../../../app/config';
import { getGateway } from '../../../lib/gateway';
import { useCurrentChain } from '../../chains/useCurrentChain';
import { describeWalletError, isWalletMissing, walletTexts } from '../walletErrors';
import {
  registerWalletActions,
  rememberWalletLinked,
  shouldLoadWalletAtStart,
  showWalletNotice,
  takeOpenRequest,
  updateWallet,
} from '../walletStore';
import { createDevnetProvider, type DevnetProvider } from './devnetProvider';
import { DevnetAccountPicker } from './DevnetAccountPicker';
import { devnetWallet, devnetWalletId } from './devnetWallet';
import { createSiweAdapter, type SessionEvents } from './siweAdapter';
import { rpcUrlOf, walletChainsOf } from './walletChains';
import { walletSetupKey } from './walletSetupKey';
import { walletGroups } from './walletList';
import { walletTheme } from './walletTheme';

/** Specification §9: JSON-RPC timeout 10 s, 2 retries 100 ms apart, batches sent at once, 4 s polling. */
const transportOptions = { batch: { wait: 0 }, retryCount: 2, retryDelay: 100, timeout: 10_000 } as const;
const POLLING_INTERVAL_MS = 4_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** "What is a Wallet?" → Learn More. */
const appInfo = { appName: 'Countersign', learnMoreUrl: 'https://ethereum.org/en/wallets/' };

type WalletSetup = {
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

function createWalletSetup(
  chains: readonly ChainInfo[],
  runtime: RuntimeConfig,
  disabledWallets: readonly string[],
): WalletSetup {
  const walletChains = walletChainsOf(chains);
  const devnetChain = runtime.devnet && chains.find((chain) => chain.chainId === runtime.devnet?.chainId);
  const devnet =
    runtime.devnet && devnetChain ? createDevnetProvider(runtime.devnet, rpcUrlOf(devnetChain)) : undefined;
  const listed = connectorsForWallets(
    walletGroups({
      walletConnect: runtime.walletConnectProjectId !== undefined,
      devnetWallet: devnet && devnetWallet(devnet),
      disabledWallets,
    }),
    // Without a project id no WalletConnect connector is built (walletGroups leaves them out). With
    // one, WalletConnect's usage telemetry stays off: the relay is all a connection needs.
    {
      appName: 'Countersign',
      projectId: runtime.walletConnectProjectId ?? 'walletconnect-disabled',
      walletConnectParameters: { relayUrl: runtime.walletConnectRelayUrl, telemetryEnabled: false },
    },
  );
  const connectors = listed.map(reportingMissingWallet);
  const wagmi = createConfig({
    chains: walletChains as [Chain, ...Chain[]],
    connectors,
    transports: Object.fromEntries(
      walletChains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0], transportOptions)]),
    ),
    pollingInterval: POLLING_INTERVAL_MS,
  });
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
function walletSetupFor(
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

/**
 * Whether the connected account holds a gateway session, asked of `/v1/auth/me` on each connection:
 * a verification survives a reload, and a result belongs to one address, so it never carries over
 * to another account. Only a reconnect (a reload) shows "loading" until the gateway answers; a fresh
 * connection stays "unauthenticated" meanwhile, because RainbowKit closes its modal ("Verify your
 * account" included) whenever the status falls back to unauthenticated.
 */
function useSessionStatus(): [AuthenticationStatus, SessionEvents] {
  const { address, status } = useAccount();
  const [result, setResult] = useState<{ address: Address; auth: AuthenticationStatus } | undefined>();
  // Whether the current connection came from a reconnect, tracked from status changes during render.
  const [seenStatus, setSeenStatus] = useState(status);
  const [fromReconnect, setFromReconnect] = useState(status === 'reconnecting');
  if (status !== seenStatus) {
    setSeenStatus(status);
    if (status !== 'connected') setFromReconnect(status === 'reconnecting');
  }

  useEffect(() => {
    if (status !== 'connected' || address === undefined) return;
    const controller = new AbortController();
    getGateway()
      .getAuthSession(controller.signal)
      .then(
        (session) =>
          isAddressEqual(session.signerAddress as Address, address) ? 'authenticated' : 'unauthenticated',
        () => 'unauthenticated' as const,
      )
      .then((auth) => {
        if (controller.signal.aborted) return;
        // A verification that finished meanwhile wins over an older answer.
        setResult((current) =>
          current?.address === address && current.auth === 'authenticated' ? current : { address, auth },
        );
      });
    return () => controller.abort();
  }, [address, status]);

  // Stable: the authentication adapter is made once and keeps these.
  const [session] = useState(() => ({
    verified: (verifiedAddress: Address) => setResult({ address: verifiedAddress, auth: 'authenticated' }),
    signedOut: () => setResult(undefined),
  }));

  let auth: AuthenticationStatus = 'unauthenticated';
  if (status === 'reconnecting') auth = 'loading';
  else if (status === 'connected' && address !== undefined) {
    auth = result?.address === address ? result.auth : fromReconnect ? 'loading' : 'unauthenticated';
  }
  return [auth, session];
}

/** Publishes the wallet's state to the app and registers what the app may ask of it. */
function WalletBridge({ auth }: { auth: AuthenticationStatus }) {
  const account = useAccount();
  const { openConnectModal } = useConnectModal();
  const { openAccountModal } = useAccountModal();
  const { switchChainAsync } = useSwitchChain();
  const { disconnect } = useDisconnect();
  const latest = useRef({ openConnectModal, openAccountModal, switchChainAsync, disconnect, auth });
  useLayoutEffect(() => {
    latest.current = { openConnectModal, openAccountModal, switchChainAsync, disconnect, auth };
  });

  useEffect(() => {
    updateWallet({
      runtime: 'ready',
      status: account.status,
      address: account.address,
      chainId: account.chainId,
      connectorId: account.connector?.id,
      auth,
    });
  }, [account.status, account.address, account.chainId, account.connector?.id, auth]);

  // Remembered for the next load. wagmi's provider moves to (re)connecting before this renders, so
  // "disconnected" here is settled: a disconnect, or a remembered wallet that no longer reconnects.
  useEffect(() => {
    if (account.status === 'connected') rememberWalletLinked(true);
    if (account.status === 'disconnected') rememberWalletLinked(false);
  }, [account.status]);

  useAccountEffect({ onConnect: () => showWalletNotice(undefined) });

  // A click on Connect that came before RainbowKit could open its modal is served once it can: after
  // reconnecting and the session check, and after RainbowKit's own effects of the same render,
  // which close its modals when the status settles.
  const openRequested = () => {
    if (latest.current.auth === 'loading') return;
    const open = latest.current.openConnectModal ?? latest.current.openAccountModal;
    if (open && takeOpenRequest()) setTimeout(open, 0);
  };
  useEffect(openRequested, [openConnectModal, openAccountModal, auth]);

  useEffect(() => {
    registerWalletActions({
      openConnectModal: openRequested,
      switchChain: async (chainId) => {
        showWalletNotice(undefined);
        // Failures reach the user through the mutation cache (reportWalletError).
        await latest.current.switchChainAsync({ chainId }).catch(() => undefined);
      },
      disconnect: () => latest.current.disconnect(),
    });
    return () => registerWalletActions(undefined);
  }, []);

  return null;
}

export type WalletRuntimeProps = {
  chains: readonly ChainInfo[];
  config: RuntimeConfig;
  /** The current chain's `disabledWallets`: a chain with others gets its own configuration. */
  disabledWallets: readonly string[];
};

/**
 * wagmi, RainbowKit and Sign-In with Ethereum, mounted in the header once wallet code is wanted.
 * wagmi gets its own QueryClient: its cached values hold bigints, which the app's persisted cache
 * could not store. Memoised: wagmi's provider starts a reconnect on every render of its own.
 */
export default memo(function WalletRuntime({ chains, config, disabledWallets }: WalletRuntimeProps) {
  const setup = walletSetupFor(chains, config, disabledWallets);
  return (
    <WagmiProvider config={setup.wagmi} reconnectOnMount={setup.reconnectOnMount}>
      <QueryClientProvider client={setup.queryClient}>
        <AuthenticatedRainbowKit devnet={setup.devnet} config={config} />
      </QueryClientProvider>
    </WagmiProvider>
  );
});

function AuthenticatedRainbowKit({
  devnet,
  config,
}: {
  devnet: DevnetProvider | undefined;
  config: RuntimeConfig;
}) {
  const { current } = useCurrentChain();
  const [auth, session] = useSessionStatus();
  const [adapter] = useState(() => createSiweAdapter(getGateway(), session));
  const { connector } = useAccount();
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={auth}>
      <RainbowKitProvider
        theme={walletTheme}
        initialChain={current ? Number(current.chainId) : undefined}
        appInfo={appInfo}
        showRecentTransactions
        modalSize="wide"
      >
        <WalletBridge auth={auth} />
        <div className="wallet-controls" data-testid="wallet-controls">
          {devnet && config.devnet && connector?.id === devnetWalletId && (
            <DevnetAccountPicker provider={devnet} accounts={config.devnet.accounts} />
          )}
          <ConnectButton
            showBalance={{ smallScreen: false, largeScreen: true }}
            chainStatus={{ smallScreen: 'icon', largeScreen: 'full' }}
            accountStatus={{ smallScreen: 'avatar', largeScreen: 'full' }}
          />
        </div>
      </RainbowKitProvider>
    </RainbowKitAuthenticationProvider>
  );
}
