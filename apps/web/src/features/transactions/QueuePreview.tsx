import { Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { usePageSettled } from '../../lib/pageSettled';
import { Badge, QueryView, SkeletonRows } from '../../ui';
import { OwnerStateBadge, useSafe, useQueueQuery, useSigner } from '../safe';
import { QueuedClaimBadge } from '../tx-flow';
import { confirmationsLabel, statusLabels, statusTones } from './describe';
import { txOwnerState } from './ownerState';
import { queueTransactions } from './queueGroups';
import type { TransactionLinkState } from './TransactionRow';
import { TransactionSummaryText } from './TransactionSummaryText';
import styles from './QueuePreview.module.css';

/**
 * The queue at a glance, for the Safe's home page: how many transactions wait, the next few with
 * their confirmations and whether the connected owner still has to sign, and a link to the queue
 * (and, when more wait than are listed, one that says how many). It has no heading of its own: the
 * card it stands in names it, and the count is said once.
 */
export function QueuePreview({ limit = 3 }: { limit?: number }) {
  const { chain, address, paths } = useSafe();
  const signer = useSigner();
  // Each row's check of the gateway's words against the bytes comes once the home has settled: it
  // decodes and hashes, code the home's first script does without.
  const settled = usePageSettled();
  const query = useQueueQuery(chain.chainId, address);
  const transactions = useMemo(
    () => queueTransactions(query.data?.pages.flatMap((page) => page.results) ?? []),
    [query.data],
  );
  const more = query.hasNextPage ? '+' : '';
  const waiting =
    query.data === undefined || transactions.length === 0
      ? undefined
      : `${transactions.length}${more} transaction${transactions.length === 1 && !more ? '' : 's'} waiting`;

  return (
    <div className={styles.preview} data-testid="queue-preview">
      <div className={styles.header}>
        {waiting !== undefined && (
          <p className={styles.count} data-testid="queue-preview-count">
            {waiting}
          </p>
        )}
        <Link className={styles.open} to={paths.queue} data-testid="queue-preview-link">
          Open the queue
        </Link>
      </div>
      <QueryView
        query={query}
        loadingLabel="Loading the queue"
        skeleton={<SkeletonRows rows={Math.min(limit, 3)} height="3.25rem" />}
        errorTitle="The queue could not be loaded"
        isEmpty={() => transactions.length === 0}
        empty={
          <p className={styles.empty} data-testid="queue-preview-empty">
            Nothing waits for signatures.
          </p>
        }
      >
        {() => (
          <>
            <ul className={styles.list}>
              {transactions.slice(0, limit).map(({ transaction }) => {
                const multisig =
                  transaction.executionInfo?.type === 'MULTISIG' ? transaction.executionInfo : null;
                const ownerState = txOwnerState(transaction, signer);
                return (
                  <li key={transaction.id}>
                    <Link
                      className={styles.item}
                      to={paths.transaction(transaction.id)}
                      state={{ from: 'queue' } satisfies TransactionLinkState}
                      data-testid="queue-preview-item"
                    >
                      <span className={styles.nonce}>{multisig?.nonce ?? '—'}</span>
                      <span className={styles.text}>
                        <TransactionSummaryText
                          txInfo={transaction.txInfo}
                          status={transaction.txStatus}
                          nativeCurrency={chain.nativeCurrency}
                        />
                      </span>
                      <span className={styles.badges}>
                        {multisig && settled && (
                          <Suspense fallback={null}>
                            <QueuedClaimBadge txId={transaction.id} />
                          </Suspense>
                        )}
                        {multisig && (
                          <span className={styles.confirmations} data-testid="queue-preview-confirmations">
                            {confirmationsLabel(
                              multisig.confirmationsSubmitted,
                              multisig.confirmationsRequired,
                            )}
                          </span>
                        )}
                        {ownerState === 'needs-signature' || ownerState === 'signed' ? (
                          <OwnerStateBadge state={ownerState} testId="queue-preview-owner-state" />
                        ) : (
                          <Badge tone={statusTones[transaction.txStatus]}>
                            {statusLabels[transaction.txStatus]}
                          </Badge>
                        )}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
            {(transactions.length > limit || query.hasNextPage) && (
              <Link to={paths.queue} className={styles.more} data-testid="queue-preview-more">
                {query.hasNextPage ? 'View all transactions' : `View all ${transactions.length} transactions`}
              </Link>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
