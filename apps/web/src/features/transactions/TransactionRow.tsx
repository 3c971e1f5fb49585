import { memo, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  TransactionItem,
  TransactionSummary,
  TransferTxInfo,
  UnreadableItem,
} from '@countersign/gateway-api';
import { Address, Badge, DateTime, RemoteImage, TokenAmount } from '../../ui';
import { OwnerStateBadge, useSafe, type OwnerState } from '../safe';
import { QueuedClaimBadge, QueuedParentProgress } from '../tx-flow';
import {
  clip,
  confirmationsLabel,
  describeParts,
  statusLabels,
  statusTones,
  transactionKind,
  unknownMethodName,
  type NativeCurrency,
} from './describe';
import { InlineAddress, PhraseText } from './TransactionSummaryText';
import { TxIcon } from './TxIcon';
import styles from './TransactionRow.module.css';

/** Which list a details page was opened from, so its back link returns there. */
export type ListOrigin = 'queue' | 'history';
export type TransactionLinkState = { from: ListOrigin };

type RowProps = {
  entry: TransactionItem | UnreadableItem;
  from: ListOrigin;
  /** The connected owner's own state (queue). */
  ownerState?: OwnerState;
};

/** One transaction of the queue or the history: a link to its details. */
export const TransactionRow = memo(function TransactionRow({ entry, from, ownerState }: RowProps) {
  if (entry.type === 'UNREADABLE') return <UnreadableRow entry={entry} from={from} />;
  return <SummaryRow transaction={entry.transaction} from={from} ownerState={ownerState} />;
});

function RowLink({
  to,
  from,
  children,
  testId,
  status,
  id,
}: {
  to: string | null;
  from: ListOrigin;
  children: ReactNode;
  testId: string;
  status?: string;
  id?: string;
}) {
  const className = `${styles.row} ${status === 'FAILED' ? styles.failed : ''}`;
  if (to === null)
    return (
      <div className={className} data-testid={testId} data-tx-id={id} data-status={status}>
        {children}
      </div>
    );
  return (
    <Link
      className={className}
      to={to}
      state={{ from } satisfies TransactionLinkState}
      data-testid={testId}
      data-tx-id={id}
      data-status={status}
    >
      {children}
    </Link>
  );
}

function SummaryRow({
  transaction,
  from,
  ownerState,
}: {
  transaction: TransactionSummary;
  from: ListOrigin;
  ownerState: OwnerState | undefined;
}) {
  const { paths, chain } = useSafe();
  const { txInfo, txStatus, executionInfo } = transaction;
  const multisig = executionInfo?.type === 'MULTISIG' ? executionInfo : null;
  const queued = from === 'queue';
  const kind = transactionKind(txInfo, { status: txStatus });
  const showStatus = queued || txStatus !== 'SUCCESS';

  return (
    <RowLink
      to={paths.transaction(transaction.id)}
      from={from}
      testId="tx-row"
      status={txStatus}
      id={transaction.id}
    >
      {queued && (
        <span className={styles.nonce} data-testid="tx-nonce" title="Nonce">
          {multisig ? multisig.nonce : '—'}
        </span>
      )}
      <TxIcon txInfo={txInfo} />
      <span className={styles.main}>
        <span className={styles.titleLine}>
          <span className={styles.title} data-testid="tx-kind">
            {kind}
          </span>
          {showStatus && (
            <Badge tone={statusTones[txStatus]} testId="tx-status">
              {statusLabels[txStatus]}
            </Badge>
          )}
          {ownerState !== undefined && <OwnerStateBadge state={ownerState} testId="tx-owner-state" />}
          {queued && multisig && (
            <Suspense fallback={null}>
              <QueuedClaimBadge txId={transaction.id} />
              <QueuedParentProgress txId={transaction.id} />
            </Suspense>
          )}
        </span>
        <span className={styles.summary} data-testid="tx-summary">
          {txInfo.type === 'Transfer' ? (
            <TransferCounterparty txInfo={txInfo} />
          ) : txInfo.type === 'Unknown' &&
            !txInfo.humanDescription &&
            unknownMethodName(txInfo.raw) === null ? (
            // Nothing more to say than its kind, which the title already says.
            <span className={styles.muted}>
              A kind Countersign does not know yet: open it to see what it does
            </span>
          ) : txInfo.type === 'Custom' && txInfo.isCancellation ? (
            // The kind already says "On-chain rejection": this line says what it does.
            `${txStatus === 'SUCCESS' ? 'Cancelled' : 'Cancels'} the other transactions ${multisig ? `at nonce ${multisig.nonce}` : 'with its nonce'}`
          ) : (
            <PhraseText
              phrase={describeParts(txInfo, { status: txStatus, nativeCurrency: chain.nativeCurrency })}
            />
          )}
        </span>
        {(executionInfo?.type === 'MODULE' || transaction.note || (queued && multisig)) && (
          <span className={styles.meta}>
            {executionInfo?.type === 'MODULE' && (
              <span data-testid="tx-module">
                Executed by module{' '}
                <InlineAddress value={executionInfo.address.value} name={executionInfo.address.name} />
              </span>
            )}
            {queued && multisig && <Confirmations multisig={multisig} />}
            {transaction.note && (
              <span className={styles.note} data-testid="tx-note">
                Note: <bdi>{clip(transaction.note, 140)}</bdi>
              </span>
            )}
          </span>
        )}
      </span>
      <span className={styles.side}>
        {txInfo.type === 'Transfer' && (
          <TransferAmountView txInfo={txInfo} native={chain.nativeCurrency} failed={txStatus === 'FAILED'} />
        )}
        <span className={styles.time}>
          <DateTime value={transaction.timestamp} format={queued ? 'datetime' : 'time'} testId="tx-date" />
        </span>
      </span>
    </RowLink>
  );
}

function Confirmations({
  multisig,
}: {
  multisig: Extract<TransactionSummary['executionInfo'], { type: 'MULTISIG' }>;
}) {
  const missing = multisig.missingSigners ?? [];
  return (
    <>
      <span className={styles.confirmations} data-testid="tx-confirmations">
        {confirmationsLabel(multisig.confirmationsSubmitted, multisig.confirmationsRequired)} confirmations
      </span>
      {missing.length > 0 && (
        <span className={styles.missing} data-testid="tx-missing-signers">
          <span>Awaiting</span>
          {missing.map((signer) => (
            <span key={signer.value} className={styles.signer} data-testid="tx-missing-signer">
              <Address address={signer.value} name={signer.name} identiconSize={16} />
            </span>
          ))}
        </span>
      )}
    </>
  );
}

function TransferCounterparty({ txInfo }: { txInfo: TransferTxInfo }) {
  const incoming = txInfo.direction === 'INCOMING';
  const other = incoming ? txInfo.sender : txInfo.recipient;
  return (
    <span className={styles.counterparty} data-testid="tx-counterparty" data-address={other.value}>
      <span className={styles.preposition}>{incoming ? 'from' : 'to'}</span>
      <Address address={other.value} name={other.name} identiconSize={20} />
    </span>
  );
}

function TransferAmountView({
  txInfo,
  native,
  failed,
}: {
  txInfo: TransferTxInfo;
  native: NativeCurrency;
  failed: boolean;
}) {
  const transfer = txInfo.transferInfo;
  const sign = txInfo.direction === 'INCOMING' ? '+' : txInfo.direction === 'OUTGOING' ? '−' : undefined;
  const className = `${styles.amount} ${sign === '+' ? styles.incoming : ''} ${failed ? styles.struck : ''}`;
  switch (transfer.type) {
    case 'NATIVE_COIN':
      return (
        <span className={className} data-testid="tx-amount">
          {transfer.value === null ? (
            'Unknown amount'
          ) : (
            <TokenAmount
              value={transfer.value}
              decimals={native.decimals}
              symbol={native.symbol}
              sign={sign}
            />
          )}
        </span>
      );
    case 'ERC20': {
      const symbol = clip(transfer.tokenSymbol ?? transfer.tokenName ?? '', 32);
      return (
        <span className={className} data-testid="tx-amount">
          <TokenLogo uri={transfer.logoUri} label={symbol} />
          <TokenAmount
            value={transfer.value}
            decimals={transfer.decimals}
            symbol={symbol || null}
            sign={sign}
          />
        </span>
      );
    }
    case 'ERC721': {
      const collection = clip(transfer.tokenName ?? transfer.tokenSymbol ?? '', 40);
      return (
        <span className={className} data-testid="tx-amount">
          <TokenLogo uri={transfer.logoUri} label={collection} />
          <span className={styles.nft}>
            <span>
              {sign}#{clip(transfer.tokenId, 24)}
            </span>
            {collection && <bdi className={styles.collection}>{collection}</bdi>}
          </span>
        </span>
      );
    }
    case 'UNKNOWN':
      return null;
  }
}

/**
 * A token's logo from the gateway, or its first letter when there is none or it does not load. Loaded
 * eagerly: the history renders only the rows in and near view, and a lazy image's extra visibility
 * check and late paint cost each row entering while scrolling; the queue's pages are short.
 */
function TokenLogo({ uri, label }: { uri: string | null; label: string }) {
  return (
    <RemoteImage
      src={uri}
      size={20}
      loading="eager"
      fallback={Array.from(label.trim())[0]?.toUpperCase() ?? '?'}
    />
  );
}

function UnreadableRow({ entry, from }: { entry: UnreadableItem; from: ListOrigin }) {
  const { paths } = useSafe();
  const raw = entry.raw as { transaction?: { id?: unknown } } | null;
  const id = typeof raw?.transaction?.id === 'string' ? raw.transaction.id : null;
  return (
    <RowLink to={id === null ? null : paths.transaction(id)} from={from} testId="tx-row-unreadable">
      <TxIcon txInfo={null} />
      <span className={styles.main}>
        <span className={styles.titleLine}>
          <span className={styles.title}>Unreadable entry</span>
        </span>
        <span className={styles.summary}>
          The gateway sent an entry this app could not read: <bdi>{clip(entry.issues, 200)}</bdi>
        </span>
      </span>
    </RowLink>
  );
}
