import { useEffect, useState } from 'react';
import { runtimeConfig } from '../../app/config';
import { useChains } from '../chains/useChains';
import type WalletRuntimeModule from './runtime/WalletRuntime';
import { useIdleWalletPreload } from './useIdleWalletPreload';
import { walletTexts } from './walletErrors';
import {
  requestWalletRuntime,
  shouldLoadWalletAtStart,
  showWalletNotice,
  updateWallet,
  useWallet,
} from './walletStore';

type WalletRuntimeComponent = typeof WalletRuntimeModule;

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
  const { data: chains } = useChains();
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

  if (!WalletRuntime || unavailable) {
    return (
      <button
        type="button"
        className="button primary connect-placeholder"
        data-testid="connect-wallet"
        disabled={unavailable}
        title={unavailable ? 'Wallets need the chain list from the gateway' : undefined}
        onPointerEnter={() => requestWalletRuntime()}
        onFocus={() => requestWalletRuntime()}
        onClick={() => requestWalletRuntime({ open: true })}
      >
        Connect Wallet
      </button>
    );
  }
  return (
    <WalletRuntime
      // A changed chain list needs a new wagmi configuration.
      key={chains.map((chain) => `${chain.chainId}:${chain.rpcUri.value}`).join(',')}
      chains={chains}
      config={runtimeConfig()}
    />
  );
}
