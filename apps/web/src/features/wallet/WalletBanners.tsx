import { useCurrentChain } from '../chains/useCurrentChain';
import { walletTexts } from './walletErrors';
import { getWalletActions, showWalletNotice, useWallet } from './walletStore';

/**
 * Shown while the wallet is on another chain than the one the app is on (the Safe's chain on a
 * Safe's page): switch the wallet, or disconnect it.
 */
export function WrongNetworkBanner() {
  const wallet = useWallet();
  const { current } = useCurrentChain();
  if (wallet.status !== 'connected' || wallet.chainId === undefined || current === undefined) return null;
  if (wallet.chainId === Number(current.chainId)) return null;
  return (
    <div className="banner warn" role="alert" data-testid="wrong-network">
      <span>{walletTexts.wrongNetwork}</span>
      <span className="banner-actions">
        <button
          type="button"
          className="button primary"
          data-testid="switch-network"
          onClick={() => void getWalletActions()?.switchChain(Number(current.chainId))}
        >
          Switch to {current.chainName}
        </button>
        <button type="button" className="button" onClick={() => getWalletActions()?.disconnect()}>
          Disconnect
        </button>
      </span>
    </div>
  );
}

/** The last wallet error (a declined request, a pending one, a wallet that cannot switch…). */
export function WalletNotice() {
  const { notice } = useWallet();
  if (notice === undefined) return null;
  return (
    <div className="banner danger" role="alert" data-testid="wallet-notice">
      <span>{notice}</span>
      <button
        type="button"
        className="button"
        aria-label="Dismiss"
        onClick={() => showWalletNotice(undefined)}
      >
        Dismiss
      </button>
    </div>
  );
}
