import { useEffect, useState } from 'react';
import { runtimeConfig } from '../../lib/config';
import { buttonClass } from '../../ui';
import { useCurrentChain } from '../chains';
import type WalletRuntimeModule from './runtime/WalletRuntime';
import { walletSetupKey } from './runtime/walletSetupKey';
import { useIdleWalletPreload } from './useIdleWalletPreload';
import styles from './Wallet.module.css';
import { walletTexts } from './walletErrors';
import {
  requestWalletRuntime,
  shouldLoadWalletAtStart,
  showWalletNotice,
  updateWallet,
  useWallet,
} from './walletStore';

type WalletRuntimeComponent = typeof WalletRuntimeModule;

const noWallets: readonly string[] = [];

let runtimeModule: Promise<WalletRuntimeComponent> | undefined;

/** The wallet chunk, fetched once; a failed fetch is forgotten so the next intent tries again. */
function loadWalletRuntime(): Promise<WalletRuntimeComponent> {
  runtimeModule ??= import('./runtime/WalletRuntime').then(
    (module) => module.default,
    (error: unknown) => {
      runtimeModule = undefined;
      throw error;
    },
  );
  return runtimeModule;
}

/**
 * The header's wallet control. Until wallet code is in it is a plain button. The code loads once
 * the page is idle after its first view, or earlier on an intent to connect (pointing at the
 * button, focusing it); a click opens the connect modal as soon as it can.
 * The chunk is awaited here rather than through React.lazy and Suspense: React holds back a
 * suspended boundary's content for up to 300 ms after its fallback appeared, which alone would
 * cost a click on Connect that much.
 */
export function WalletSlot() {
  const wallet = useWallet();
  const { chains, current } = useCurrentChain();
  const disabledWallets = current?.disabledWallets ?? noWallets;
  const [WalletRuntime, setWalletRuntime] = useState<WalletRuntimeComponent>();

  useEffect(() => {
    if (shouldLoadWalletAtStart()) requestWalletRuntime();
  }, []);

  const wanted = wallet.runtime !== 'idle';
  const unavailable = chains === undefined || chains.length === 0;
  useIdleWalletPreload(!wanted && !unavailable);
  useEffect(() => {
    if (!wanted || WalletRuntime) return;
    let current = true;
    loadWalletRuntime().then(
      (component) => current && setWalletRuntime(() => component),
      () => {
        if (!current) return;
        updateWallet({ runtime: 'idle' });
        showWalletNotice(walletTexts.loadFailed);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, WalletRuntime]);

  // The plain button stays until the runtime is mounted and ready, so a click is never lost to the
  // swap. A press counts as soon as the pointer goes down: the swap may come before it is released.
  const ready = wallet.runtime === 'ready' && WalletRuntime !== undefined && !unavailable;
  return (
    <>
      {!ready && (
        <button
          type="button"
          className={buttonClass({ variant: 'primary' }, styles.connectPlaceholder)}
          data-testid="connect-wallet"
          disabled={unavailable}
          title={unavailable ? 'Wallets need the chain list from the gateway' : undefined}
          onPointerEnter={() => requestWalletRuntime()}
          onFocus={() => requestWalletRuntime()}
          onPointerDown={(event) => event.button === 0 && requestWalletRuntime({ open: true })}
          onClick={() => requestWalletRuntime({ open: true })}
        >
          Connect Wallet
        </button>
      )}
      {WalletRuntime && !unavailable && (
        <div style={{ display: ready ? 'contents' : 'none' }}>
          <WalletRuntime
            // Another chain list, or a chain disabling other wallets, needs a new wagmi configuration.
            key={walletSetupKey(chains, disabledWallets)}
            chains={chains}
            config={runtimeConfig()}
            disabledWallets={disabledWallets}
            initialChainId={current ? Number(current.chainId) : undefined}
          />
        </div>
      )}
    </>
  );
}
