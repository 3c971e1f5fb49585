import { Navigate, type RouteObject } from 'react-router';
import { createElement } from 'react';
import type { SafeTarget } from '../safe';
import { prefetchQueue } from './queries';

// The transactions feature: the queue, the history and a transaction's details (the read side).
const loadPages = () => import('./pages');

export const transactionsRoutes: RouteObject[] = [
  { path: 'transactions', element: createElement(Navigate, { to: 'queue', replace: true }) },
  { path: 'transactions/queue', lazy: async () => ({ Component: (await loadPages()).QueuePage }) },
  { path: 'transactions/history', lazy: async () => ({ Component: (await loadPages()).HistoryPage }) },
  { path: 'transactions/:txId', lazy: async () => ({ Component: (await loadPages()).TransactionPage }) },
];

/** On intent to open the transactions: their code, and the queue's first page. */
export function preloadTransactions(target: SafeTarget): void {
  void loadPages();
  void prefetchQueue(target.queryClient, target.chainId, target.address);
}

// For other features: the words for a transaction, the queue at a glance, and the queries.
export {
  describeTransaction,
  readableKind,
  statusLabels,
  transactionKind,
  type DescribeOptions,
  type NativeCurrency,
} from './describe';
export { TransactionSummaryText } from './TransactionSummaryText';
export { QueuePreview } from './QueuePreview';
export { ownerStateLabels, ownerStateOf, type OwnerState } from './ownerState';
export {
  historyQueryOptions,
  queueQueryOptions,
  transactionQueryOptions,
  useHistoryQuery,
  useQueueQuery,
  useTransactionQuery,
  userTimeZone,
} from './queries';
