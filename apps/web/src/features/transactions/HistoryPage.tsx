import { Link } from 'react-router';
import { Alert, EmptyState, formatDateTime, Page, QueryView, Skeleton, TransactionsIcon } from '../../ui';
import { useSafe, useHistoryQuery } from '../safe';
import { ExportHistory } from './ExportHistory';
import { HistoryList } from './HistoryList';
import { AutoLoadMore } from './AutoLoadMore';
import { TransactionsTabs } from './TransactionsTabs';
import styles from './TransactionLists.module.css';

/** Placeholders shaped like a day label and its rows. */
function HistorySkeleton() {
  return (
    <div className={styles.loaderRow}>
      <Skeleton width="7rem" height="1rem" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height="4.25rem" radius="var(--radius-md)" />
      ))}
    </div>
  );
}

/** Where the history is complete from, while the gateway still reads the Safe's past. */
function completeFromText(from: { blockNumber: number; timestamp: number | null }): string {
  const block = `block ${from.blockNumber.toLocaleString('en-US')}`;
  return from.timestamp === null ? block : `${block} (${formatDateTime(new Date(from.timestamp))})`;
}

export function HistoryPage() {
  const { chain, address, paths, safe } = useSafe();
  const stopped = safe.indexingStopped;
  const partial = safe.historyCompleteFrom;
  const query = useHistoryQuery(chain.chainId, address);
  const pages = query.data?.pages;
  const empty = pages !== undefined && pages.every((page) => page.results.length === 0);

  return (
    <Page
      title="History"
      description="Everything the Safe executed and received, newest first."
      actions={<ExportHistory />}
    >
      <TransactionsTabs />
      {stopped && (
        <Alert tone="warn" title="The gateway stopped following this Safe" testId="history-incomplete">
          {`From block ${stopped.blockNumber}${stopped.transactionHash ? ` (transaction ${stopped.transactionHash})` : ''} on, this history is missing: the gateway's indexer could not make sense of the Safe's events there and set it aside so that every other Safe keeps being indexed. Its reason: ${stopped.reason}`}
        </Alert>
      )}
      {partial && !stopped && (
        <Alert tone="info" title="Older history is still being read" testId="history-partial">
          {`The gateway had not followed this Safe before, so it reads its past newest first. This history is complete back to ${completeFromText(partial)}; older transactions appear below as they are read.`}
        </Alert>
      )}
      <QueryView
        query={query}
        loadingLabel="Loading the history"
        skeleton={<HistorySkeleton />}
        errorTitle="The history could not be loaded"
        isEmpty={() => empty && !partial}
        empty={
          <EmptyState
            title="No transactions yet"
            icon={<TransactionsIcon size={32} />}
            testId="history-empty"
            action={<Link to={paths.queue}>Open the queue</Link>}
          >
            What the Safe executes and the assets it receives appear here, day by day. Send assets to its
            address to fund it, or have the owners confirm and execute a transaction from the queue.
          </EmptyState>
        }
      >
        {(data) => <HistoryList pages={data.pages} paging={query} />}
      </QueryView>
      {pages !== undefined && !empty && (
        <div className={styles.historyEnd} data-testid={query.hasNextPage ? undefined : 'history-end'}>
          <AutoLoadMore
            paging={query}
            label="Load older transactions"
            doneText={
              partial
                ? `Complete back to ${completeFromText(partial)}; older transactions are still being read.`
                : 'The beginning of this Safe’s history.'
            }
          />
        </div>
      )}
    </Page>
  );
}
