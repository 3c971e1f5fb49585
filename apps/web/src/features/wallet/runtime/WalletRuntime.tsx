import { memo, useContext, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { WagmiProvider, useAccount } from 'wagmi';
import { ConnectButton, RainbowKitAuthenticationProvider, RainbowKitProvider } from '@rainbow-me/rainbowkit';
import type { ChainInfo } from '@countersign/gateway-api';
import type { RuntimeConfig } from '../../../lib/config';
import { useGateway } from '../../../lib/ServicesProvider';
import { PageChainIdContext, WithoutGatewayContext } from '../pageChainContext';
import { addRainbowKitStyles } from './rainbowKitStyles';
import { UnverifiedAccount } from './UnverifiedAccount';
import type { DevnetProvider } from './devnetProvider';
import { DevnetAccountPicker } from './DevnetAccountPicker';
import { devnetWalletId } from './devnetWallet';
import { createSiweAdapter } from './siweAdapter';
import { useSessionStatus } from './useSessionStatus';
import { WalletBridge } from './WalletBridge';
import { walletSetupFor } from './walletConfig';
import { walletSetupKey } from './walletSetupKey';
import { walletTheme } from './walletTheme';
import styles from '../Wallet.module.css';

addRainbowKitStyles();

/** "What is a Wallet?" → Learn More. */
const appInfo = { appName: 'Countersign', learnMoreUrl: 'https://ethereum.org/en/wallets/' };

export type WalletRuntimeProps = {
  chains: readonly ChainInfo[];
  config: RuntimeConfig;
  /** The current chain's `disabledWallets`: a chain with others gets its own configuration. */
  disabledWallets: readonly string[];
};

/**
 * The wallet chunk's entry: wagmi, RainbowKit and Sign-In with Ethereum, mounted in the header once
 * wallet code is wanted. Its parts: the configuration (walletConfig), the session (useSessionStatus,
 * siweAdapter) and the bridge to the app (WalletBridge, walletApi). Memoised on what the wagmi
 * configuration is made of, not on the props' identity: wagmi's provider runs its mount step on
 * every render of its own, which reconnects, or, when the page started without a linked wallet,
 * forgets the connection (a switch to another chain's page, with new but equal props, did that).
 */
export default memo(WalletRuntime, sameWalletSetup);

function sameWalletSetup(before: WalletRuntimeProps, after: WalletRuntimeProps): boolean {
  return (
    before.config === after.config &&
    walletSetupKey(before.chains, before.disabledWallets) ===
      walletSetupKey(after.chains, after.disabledWallets)
  );
}

function WalletRuntime({ chains, config, disabledWallets }: WalletRuntimeProps) {
  const setup = walletSetupFor(chains, config, disabledWallets);
  return (
    <WagmiProvider config={setup.wagmi} reconnectOnMount={setup.reconnectOnMount}>
      <QueryClientProvider client={setup.queryClient}>
        <AuthenticatedRainbowKit devnet={setup.devnet} config={config} />
      </QueryClientProvider>
    </WagmiProvider>
  );
}

function AuthenticatedRainbowKit({
  devnet,
  config,
}: {
  devnet: DevnetProvider | undefined;
  config: RuntimeConfig;
}) {
  const pageChainId = useContext(PageChainIdContext);
  const withoutGateway = useContext(WithoutGatewayContext);
  const [auth, session] = useSessionStatus();
  const gateway = useGateway();
  const [adapter] = useState(() => createSiweAdapter(gateway, session));
  const { connector, status } = useAccount();
  // Mirrors RainbowKit's own "mounted" flag (set by an effect too), so both flip in the same commit.
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMounted(true), []);
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={auth} enabled={!withoutGateway}>
      <RainbowKitProvider
        theme={walletTheme}
        initialChain={pageChainId}
        appInfo={appInfo}
        showRecentTransactions
        modalSize="wide"
      >
        <WalletBridge auth={auth} />
        {/* Before its first effect and while the session is checked, RainbowKit hides its button
            with aria-hidden but leaves it focusable; inert takes it out of the focus order then too. */}
        <div className={styles.controls} data-testid="wallet-controls" inert={!mounted || auth === 'loading'}>
          {devnet && config.devnet && connector?.id === devnetWalletId && (
            <DevnetAccountPicker provider={devnet} accounts={config.devnet.accounts} />
          )}
          {auth === 'unauthenticated' && status === 'connected' && !withoutGateway ? (
            <UnverifiedAccount />
          ) : (
            <ConnectButton
              showBalance={{ smallScreen: false, largeScreen: true }}
              chainStatus={{ smallScreen: 'icon', largeScreen: 'full' }}
              accountStatus={{ smallScreen: 'avatar', largeScreen: 'full' }}
            />
          )}
        </div>
      </RainbowKitProvider>
    </RainbowKitAuthenticationProvider>
  );
}
