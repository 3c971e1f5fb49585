import { Navigate, type RouteObject } from 'react-router';
import { createElement } from 'react';
import type { SafeTarget } from '../safe';

// The transactions feature: the queue, the history and a transaction's details (the read side).
const loadPages = () => import('./pages');

export const transactionsRoutes: RouteObject[] = [
  { path: 'transactions', element: createElement(Navigate, { to: 'queue', replace: true }) },
  { path: 'transactions/queue', lazy: async () => ({ Component: (await loadPages()).QueuePage }) },
  { path: 'transactions/history', lazy: async () => ({ Component: (await loadPages()).HistoryPage }) },
  { path: 'transactions/:txId', lazy: async () => ({ Component: (await loadPages()).TransactionPage }) },
];

export function preloadTransactions(_target: SafeTarget): void {
  void loadPages();
}
