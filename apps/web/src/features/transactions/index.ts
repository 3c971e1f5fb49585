import { Navigate, type RouteObject } from 'react-router';
import { createElement } from 'react';
import {
  historyQueryOptions,
  prefetchQueue,
  safeViewLoader,
  transactionQueryOptions,
  type SafeTarget,
} from '../safe';
import { prefetchAssets } from '../assets';
import { preloadTransactionChecks } from '../tx-flow';

// The transactions feature: the queue, the history and a transaction's details (the read side).
const loadPages = () => import('./pages');
const loadTransactionPage = () => import('./TransactionPage');

export const transactionsRoutes: RouteObject[] = [
  { path: 'transactions', element: createElement(Navigate, { to: 'queue', replace: true }) },
  {
    path: 'transactions/queue',
    loader: safeViewLoader(prefetchTransactions),
    lazy: async () => ({ Component: (await loadPages()).QueuePage }),
  },
  {
    path: 'transactions/history',
    loader: safeViewLoader((target) => {
      const { chainId, address, queryClient, gateway } = target;
      void queryClient.prefetchInfiniteQuery(historyQueryOptions(gateway, chainId, address));
      prefetchTokenNames(target);
    }),
    lazy: async () => ({ Component: (await loadPages()).HistoryPage }),
  },
  {
    path: 'transactions/:txId',
    loader: (args) =>
      safeViewLoader((target) => {
        const { chainId, address, queryClient, gateway } = target;
        if (args.params.txId)
          void queryClient.prefetchQuery(
            transactionQueryOptions(gateway, chainId, address, args.params.txId),
          );
        prefetchTokenNames(target);
      })(args),
    lazy: async () => {
      // The checks of a queued transaction arrive with the page, not 300 ms after it (see preloadableLazy).
      const [page] = await Promise.all([loadTransactionPage(), preloadTransactionChecks()]);
      return { Component: page.TransactionPage };
    },
  },
];

/** On intent to open the transactions: their code, and the queue's first page. */
export function preloadTransactions(target: SafeTarget): void {
  void loadPages();
  prefetchTransactions(target);
}

/**
 * The queue's first page (a route loader starts it while the page's code loads), and the balances,
 * whose token list names the contracts the transactions call.
 */
export function prefetchTransactions(target: SafeTarget): void {
  void prefetchQueue(target);
  prefetchTokenNames(target);
}

/**
 * The balances, whose token list names the contracts transactions call: in the browser only. A page
 * the server renders must not wait on them (nor fail with them): names are an extra, and the rows
 * are whole without them.
 */
function prefetchTokenNames(target: SafeTarget): void {
  if (!import.meta.env.SSR) prefetchAssets(target);
}

// For other features: the words for a transaction and the queue at a glance (the queries are the
// Safe kernel's).
export { QueuePreview } from './QueuePreview';
