import type { RouteObject } from 'react-router';
import { addressBookRoutes } from '../features/address-book';
import { AppsSettingsSection, appsRoutes } from '../features/apps';
import { assetsRoutes } from '../features/assets';
import { BackupSettingsSection } from '../features/backup';
import { explorerRoutes } from '../features/explorer';
import { messagesRoutes } from '../features/messages';
import { homeRoutes } from '../features/home';
import { safeCreationRoutes } from '../features/safe-creation';
import { createSettingsRoutes } from '../features/settings';
import { transactionsRoutes } from '../features/transactions';
import { txFlowRoutes } from '../features/tx-flow';
import { walletConnectRoutes } from '../features/walletconnect';
import { Layout, PlainMain } from './shell/Layout';
import { NotFound, RouteError } from './shell/RouteError';
import { safeNavigation } from './shell/safeNavigation';
import { createSafeRoute, legacyRoutes, startRoute } from './shell/safeRoutes';

/**
 * The Safe's pages, under /:safeId (shortName:0x…), each feature's own. Each view's code loads on
 * demand.
 *   home                      total value, top assets, the queue at a glance, setup
 *   assets, assets/collectibles
 *   transactions/queue, transactions/history, transactions/:txId
 *   messages, messages/:messageHash
 *   apps, apps/open?appUrl=…
 *   dapps, dapps?wc=…           dapps connected over WalletConnect
 *   address-book
 *   settings, settings/:section
 */
const safeViews: RouteObject[] = [
  ...homeRoutes,
  ...assetsRoutes,
  ...transactionsRoutes,
  ...messagesRoutes,
  ...appsRoutes,
  ...walletConnectRoutes,
  ...addressBookRoutes,
  // Settings sections owned by other features are supplied here, so settings imports none of them.
  ...createSettingsRoutes([
    { id: 'apps', label: 'Safe Apps', Component: AppsSettingsSection },
    { id: 'data', label: 'Data', Component: BackupSettingsSection },
  ]),
  ...txFlowRoutes,
  { path: '*', Component: NotFound },
];

/**
 *   /                           open a Safe, My Safes
 *   /new-safe                   create a Safe
 *   /explorer/…                 the local devnet's block explorer
 *   /home?safe=…, /balances?safe=…, …   Safe{Wallet} links, redirected to Countersign's URL
 *   /:safeId/…                  a Safe's pages (above)
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteError,
    // Until the first route's code and loaders are in, nothing is drawn over what the page already
    // shows (the server's render, or the page's own loading state): said here, so that React Router
    // does not warn that it was left out.
    HydrateFallback: () => null,
    children: [
      {
        Component: PlainMain,
        // Errors inside a page render here, inside the layout.
        ErrorBoundary: RouteError,
        children: [startRoute, ...safeCreationRoutes, ...explorerRoutes, ...legacyRoutes],
      },
      { ...createSafeRoute(safeViews, safeNavigation), ErrorBoundary: RouteError },
      { Component: PlainMain, children: [{ path: '*', Component: NotFound }] },
    ],
  },
];
