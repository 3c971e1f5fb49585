import { Button } from '../../ui';
import { useCurrentChain } from '../chains';
import { walletTexts } from './walletTexts';
import { useWallet } from './signerService';
import { getWalletActions, showWalletNotice } from './walletStore';
import styles from './Wallet.module.css';

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
    <div className={`${styles.banner} ${styles.warn}`} role="alert" data-testid="wrong-network">
      <span>{walletTexts.wrongNetwork}</span>
      <span className={styles.actions}>
        <Button
          size="sm"
          variant="primary"
          data-testid="switch-network"
          onClick={() => void getWalletActions()?.switchChain(Number(current.chainId))}
        >
          Switch to {current.chainName}
        </Button>
        <Button size="sm" onClick={() => getWalletActions()?.disconnect()}>
          Disconnect
        </Button>
      </span>
    </div>
  );
}

/** The last wallet error (a declined request, a pending one, a wallet that cannot switch…). */
export function WalletNotice() {
  const { notice } = useWallet();
  if (notice === undefined) return null;
  return (
    <div className={`${styles.banner} ${styles.danger}`} role="alert" data-testid="wallet-notice">
      <span>{notice}</span>
      <Button size="sm" aria-label="Dismiss" onClick={() => showWalletNotice(undefined)}>
        Dismiss
      </Button>
    </div>
  );
}
