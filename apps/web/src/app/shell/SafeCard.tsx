import {
  Badge,
  ButtonLink,
  CopyButton,
  ExternalIcon,
  IconButton,
  Identicon,
  QrIcon,
  Skeleton,
  shortenAddress,
  useAddressName,
} from '../../ui';
import { useReceiveDialog } from '../../features/assets';
import { chainExplorer } from '../../features/chains';
import { useSafe } from '../../features/safe';
import styles from './SafeCard.module.css';

function useSafeName(): string | undefined {
  const { address, safe } = useSafe();
  return useAddressName(address, safe.address.name);
}

function ReceiveButton({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { show, dialog } = useReceiveDialog();
  return (
    <>
      <IconButton
        label="Receive: show the Safe's QR code"
        size={size}
        onClick={show}
        data-testid="receive-button"
      >
        <QrIcon />
      </IconButton>
      {dialog}
    </>
  );
}

/** The Safe at the top of the sidebar: who it is, where, and how many must sign. */
export function SafeCard() {
  const { chain, address, safe, paths } = useSafe();
  const name = useSafeName();
  const explorerUrl = chainExplorer(chain).address(address);
  return (
    <section className={styles.card} aria-label="This Safe" data-testid="safe-header">
      <div className={styles.identity}>
        <Identicon address={address} size={40} />
        <div className={styles.names}>
          <p className={styles.name} data-testid="safe-header-name">
            {name ?? 'Safe'}
          </p>
          <p className={styles.address} title={address} data-testid="safe-header-address">
            <span aria-hidden="true">{shortenAddress(address)}</span>
            <span className="visually-hidden">{address}</span>
          </p>
        </div>
      </div>
      <div className={styles.facts}>
        <Badge tone="accent" testId="safe-header-chain">
          {chain.chainName}
        </Badge>
        <Badge
          title={`${safe.threshold} of ${safe.owners.length} owners must confirm`}
          testId="safe-header-threshold"
        >
          {safe.threshold}/{safe.owners.length}
        </Badge>
        <Badge title="The nonce of the next transaction" testId="safe-header-nonce">
          Nonce {safe.nonce}
        </Badge>
      </div>
      <div className={styles.actions}>
        <CopyButton value={address} />
        <ReceiveButton />
        {explorerUrl && (
          <a
            className={styles.iconLink}
            href={explorerUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="View on block explorer"
            title="View on block explorer"
            data-testid="safe-header-explorer"
          >
            <ExternalIcon />
          </a>
        )}
      </div>
      <ButtonLink
        to={paths.newTransaction}
        variant="primary"
        className={styles.newTransaction}
        data-testid="new-transaction"
      >
        New transaction
      </ButtonLink>
    </section>
  );
}

/** The Safe in the narrow bar above the page on phones. */
export function SafeSummary() {
  const { address, safe } = useSafe();
  const name = useSafeName();
  return (
    <div className={styles.summary}>
      <Identicon address={address} size={28} />
      <div className={styles.names}>
        <p className={styles.name}>{name ?? 'Safe'}</p>
        <p className={styles.address} title={address}>
          {shortenAddress(address)} · {safe.threshold}/{safe.owners.length}
        </p>
      </div>
      <ReceiveButton size="md" />
    </div>
  );
}

export function SafeCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.identity}>
        <Skeleton width={40} height={40} radius="50%" />
        <div className={styles.names}>
          <Skeleton width="7rem" height="1rem" />
          <Skeleton width="9rem" height="0.8rem" />
        </div>
      </div>
      <Skeleton width="11rem" height="1.25rem" />
      <Skeleton width="6rem" height="2rem" />
    </div>
  );
}
