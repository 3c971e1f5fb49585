import type { RouteObject } from 'react-router';
import type { SafeTarget } from '../safe';

// The transaction flows (the write side): forms, the one review, signing, proposing, executing.
const loadPages = () => import('./pages');

export const txFlowRoutes: RouteObject[] = [
  { path: 'new-transaction', lazy: async () => ({ Component: (await loadPages()).NewTransactionPage }) },
  {
    path: 'new-transaction/reject',
    lazy: async () => ({ Component: (await import('./RejectPage')).RejectPage }),
  },
  {
    path: 'new-transaction/:kind',
    lazy: async () => ({ Component: (await loadPages()).NewTransactionFormPage }),
  },
];

export function preloadTxFlow(_target: SafeTarget): void {
  void loadPages();
}

export type { TxAction, TxDraft, TxDraftOrigin } from './draft';
export { TxFlowPage } from './TxFlowPage';
export { TransactionActions } from './sign/TransactionActions';
/** The shared review on its own, for flows that are not a page (a Safe App's sendTransactions). */
export { Review as TxReview } from './review/Review';
