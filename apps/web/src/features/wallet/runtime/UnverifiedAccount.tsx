import { ConnectButton } from '@rainbow-me/rainbowkit';
import { buttonClass } from '../../../ui';
import styles from '../Wallet.module.css';

/**
 * The header while an account is connected but not verified (e.g. just switched to in the wallet):
 * RainbowKit's own button would say "Connect Wallet" then, though that account can sign. Its
 * address, the same short form as RainbowKit's profile button, is marked Unverified, next to the
 * way to verify it: RainbowKit's connect modal, which for such an account is "Verify your account".
 */
export function UnverifiedAccount() {
  return (
    <ConnectButton.Custom>
      {({ account, openConnectModal }) =>
        account === undefined ? null : (
          <div className={styles.unverified}>
            <span
              className={styles.unverifiedAccount}
              title={account.address}
              data-testid="wallet-unverified-account"
            >
              <span className={styles.unverifiedName}>{account.displayName}</span>
              <span className={styles.unverifiedMark}>Unverified</span>
            </span>
            <button
              type="button"
              className={buttonClass({ variant: 'primary' }, styles.verifyButton)}
              onClick={openConnectModal}
              // The modal's own title, for those who hear the button; on screen it fits a phone's header.
              aria-label="Verify your account"
              title="Sign a message to prove ownership"
              // RainbowKit's id for the button that opens its connect modal, which this one is.
              data-testid="rk-connect-button"
            >
              Verify
            </button>
          </div>
        )
      }
    </ConnectButton.Custom>
  );
}
