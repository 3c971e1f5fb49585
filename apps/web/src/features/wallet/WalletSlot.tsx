import { lazy, Suspense, useEffect } from 'react';
import { runtimeConfig } from '../../app/config';
import { useChains } from '../chains/useChains';
import { requestWalletRuntime, shouldLoadWalletAtStart, useWallet } from './walletStore';

const WalletRuntime = lazy(() => import('./runtime/WalletRuntime'));

/**
 * The header's wallet control. Until wallet code is wanted it is a plain button: pointing at it
 * starts loading wagmi and RainbowKit, and a click opens the connect modal as soon as they are in.
 */
export function WalletSlot() {
  const wallet = useWallet();
  const { data: chains } = useChains();

  useEffect(() => {
    if (shouldLoadWalletAtStart()) requestWalletRuntime();
  }, []);

  const unavailable = chains === undefined || chains.length === 0;
  const placeholder = (
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

  if (wallet.runtime === 'idle' || unavailable) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <WalletRuntime
        // A changed chain list needs a new wagmi configuration.
        key={chains.map((chain) => `${chain.chainId}:${chain.rpcUri.value}`).join(',')}
        chains={chains}
        config={runtimeConfig()}
      />
    </Suspense>
  );
}
