import { Navigate, type RouteObject } from 'react-router';
import { explorerRoutes } from '../features/explorer';
import {
  createSafeRoute,
  legacyRoutes,
  loadSafeOverview,
  PlaceholderPage,
  startRoute,
} from '../features/safe';
import { Layout, PlainMain } from './Layout';
import { NotFound, RouteError } from './RouteError';
import { safeNavigation } from './safeNavigation';

/** A view of the navigation that is not built yet: a page that says so (never a 404). */
function placeholder(path: string, title: string, description: string): RouteObject {
  return { path, element: <PlaceholderPage title={title} description={description} /> };
}

/**
 * The Safe's pages, under /:safeId (shortName:0x…). Each view's code loads on demand.
 *   home                      overview
 *   assets, assets/collectibles
 *   transactions/queue, transactions/history, transactions/:txId
 *   messages, messages/:messageHash
 *   apps, apps/open?appUrl=…
 *   address-book
 *   settings, settings/:section
 */
const safeViews: RouteObject[] = [
  { path: 'home', lazy: async () => ({ Component: (await loadSafeOverview()).SafeOverview }) },
  placeholder('assets', 'Assets', 'Balances in fiat and token units, hidden tokens and currency choice.'),
  placeholder('assets/collectibles', 'Collectibles', 'The Safe’s NFTs, with their metadata.'),
  { path: 'transactions', element: <Navigate to="queue" replace /> },
  placeholder('transactions/queue', 'Queue', 'Transactions waiting for confirmations or execution.'),
  placeholder('transactions/history', 'History', 'Everything the Safe executed and received.'),
  placeholder('transactions/:txId', 'Transaction', 'A transaction’s details, confirmations and parameters.'),
  placeholder('messages', 'Messages', 'Off-chain messages the owners signed or are signing.'),
  placeholder('messages/:messageHash', 'Message', 'A message’s content, hashes and confirmations.'),
  placeholder('apps', 'Apps', 'Safe Apps that run inside Countersign.'),
  placeholder('apps/open', 'App', 'A Safe App running in a sandboxed frame.'),
  placeholder('address-book', 'Address book', 'Your names for addresses on this chain.'),
  placeholder('settings', 'Settings', 'Owners, threshold, modules and the chain’s configuration.'),
  placeholder('settings/:section', 'Settings', 'Owners, threshold, modules and the chain’s configuration.'),
  { path: '*', Component: NotFound },
];

/**
 *   /                           open a Safe
 *   /explorer/…                 the local devnet's block explorer
 *   /home?safe=…, /balances?safe=…, …   Safe{Wallet} links, redirected to Countersign's URL
 *   /:safeId/…                  a Safe's pages (above)
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PlainMain,
        // Errors inside a page render here, inside the layout.
        ErrorBoundary: RouteError,
        children: [startRoute, ...explorerRoutes, ...legacyRoutes],
      },
      { ...createSafeRoute(safeViews, safeNavigation), ErrorBoundary: RouteError },
      { Component: PlainMain, children: [{ path: '*', Component: NotFound }] },
    ],
  },
];
