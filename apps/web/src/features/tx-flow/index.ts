import { lazy } from 'react';
import { preloadableLazy } from '../../lib/preloadableLazy';
import type { RouteObject } from 'react-router';

// The transaction flows (the write side): forms, the one review, signing, proposing, executing.
const loadPages = () => import('./pages');

export const txFlowRoutes: RouteObject[] = [
  { path: 'new-transaction', lazy: async () => ({ Component: (await loadPages()).NewTransactionPage }) },
  {
    path: 'new-transaction/reject',
    lazy: async () => ({ Component: (await import('./RejectPage')).RejectPage }),
  },
  {
    path: 'shared',
    lazy: async () => ({ Component: (await import('./share/SharedTxPage')).SharedTxPage }),
  },
  {
    path: 'new-transaction/:kind',
    lazy: async () => ({ Component: (await loadPages()).NewTransactionFormPage }),
  },
];

export type { TxDraft } from './draft';

// What other features render of the write side: lazy, so that the code that signs, simulates and
// hashes (viem, safe-core) loads with the first view that needs it, never with the app's first script.

/** What the connected account can do with a queued transaction (its details page). */
export const TransactionActions = preloadableLazy(() =>
  import('./sign/TransactionActions').then((module) => module.TransactionActions),
);

/**
 * A multisig transaction's description checked against its bytes (its details page): the gateway's
 * words only where the bytes bear them out, a danger alert naming both where they do not.
 */
export const TransactionVerification = preloadableLazy(() =>
  import('./verify/TransactionVerification').then((module) => module.TransactionVerification),
);

/** A queued transaction's heading: the gateway's kind unless its bytes contradict it. */
export const TransactionHeading = preloadableLazy(() =>
  import('./verify/TransactionHeading').then((module) => module.TransactionHeading),
);

/**
 * The code of a queued transaction's checks, loaded with its page's route so that they paint with
 * it (in the browser only: a server render shows the page without them).
 */
export function preloadTransactionChecks(): Promise<unknown> {
  if (import.meta.env.SSR) return Promise.resolve();
  return Promise.all([
    TransactionActions.preload(),
    TransactionVerification.preload(),
    TransactionHeading.preload(),
  ]);
}

/** What a raw-bytes message of a parent Safe confirms for a Safe it owns (its message page). */
export const ChildRequestNote = lazy(() =>
  import('./verify/ChildRequestNote').then((module) => ({ default: module.ChildRequestNote })),
);

/** A queued transaction's row: a danger badge when its bytes contradict the gateway's description. */
export const QueuedClaimBadge = lazy(() =>
  import('./verify/QueuedClaimBadge').then((module) => ({ default: module.QueuedClaimBadge })),
);

/** A queued transaction's row: how far each owner Safe that has not confirmed it has come. */
export const QueuedParentProgress = lazy(() =>
  import('./verify/QueuedParentProgress').then((module) => ({ default: module.QueuedParentProgress })),
);

/** The shared review on its own, for flows that are not a page (a Safe App's sendTransactions). */
export const TxReview = lazy(() => import('./review/Review').then((module) => ({ default: module.Review })));
export type { ReviewOutcome } from './review/Review';
export { QueuedNotice } from './review/QueuedNotice';
// A token's symbol and decimals as its contract answers: the messages feature words grants with them.
export { tokenFactsQueryOptions } from './verify/tokenFacts';
