import { memo } from 'react';
import { useAddressName } from './addressNames';
import { CopyButton } from './CopyButton';
import { checksummed, shortenAddress } from './format';
import { Identicon } from './Identicon';
import { ExternalIcon } from './icons';
import styles from './Address.module.css';

type AddressProps = {
  address: string;
  /** The name the gateway sent (contract or token name); the user's address-book name wins over it. */
  name?: string | null;
  /** Shows the whole checksummed address instead of `0x1234…abcd`. */
  full?: boolean;
  copy?: boolean;
  explorerUrl?: string | null;
  identiconSize?: number;
  testId?: string;
};

/**
 * An address as people read it: its identicon, its name when there is one, the checksummed
 * address (shortened; whole on hover and for screen readers), copy and an explorer link. Names come
 * from the gateway or the user and are rendered as text only.
 */
export const Address = memo(function Address({
  address,
  name,
  full = false,
  copy = false,
  explorerUrl,
  identiconSize = 24,
  testId,
}: AddressProps) {
  const value = checksummed(address);
  const shownName = useAddressName(value, name);
  return (
    <span className={styles.address} data-testid={testId}>
      <Identicon address={value} size={identiconSize} />
      <span className={styles.text}>
        {shownName !== undefined && (
          <span className={styles.name} data-testid="address-name">
            {shownName}
          </span>
        )}
        {full ? (
          <code className={styles.value} title={value} data-testid="address-value">
            {value}
          </code>
        ) : (
          <code className={styles.value} title={value} data-testid="address-value">
            <span aria-hidden="true">{shortenAddress(value)}</span>
            <span className="visually-hidden">{value}</span>
          </code>
        )}
      </span>
      {(copy || explorerUrl) && (
        <span className={styles.actions}>
          {copy && <CopyButton value={value} />}
          {explorerUrl && (
            <a
              className={styles.explorer}
              href={explorerUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="View on block explorer"
              title="View on block explorer"
            >
              <ExternalIcon />
            </a>
          )}
        </span>
      )}
    </span>
  );
});
