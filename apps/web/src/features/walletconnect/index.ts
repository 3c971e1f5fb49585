import { createElement, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { useWalletConnectActive } from './activity';

export { DappRequestsBadge } from './RequestsBadge';

// The walletconnect feature: the Safe as a WalletConnect wallet for any dapp (/:safe/dapps, also
// /:safe/dapps?wc=…). Its page and the WalletConnect SDK load only when the owner opens it.
const loadPage = () => import('./DappsPage');

export const walletConnectRoutes: RouteObject[] = [
  { path: 'dapps', lazy: async () => ({ Component: (await loadPage()).DappsPage }) },
];

/** On intent (pointer or focus on the Dapps link): the page's code, not yet the SDK. */
export function preloadDapps(): void {
  void loadPage();
}

const DappRequestsHost = lazy(() =>
  import('./DappRequests').then((module) => ({ default: module.DappRequestsHost })),
);

/**
 * On every page of a Safe: the requests of its connected dapps, answered wherever the owner is. It
 * loads WalletConnect only once the owner has opened the Dapps page or a session is left from before.
 */
export function WalletConnectRequests() {
  const active = useWalletConnectActive();
  if (!active || import.meta.env.SSR) return null;
  return createElement(Suspense, { fallback: null }, createElement(DappRequestsHost));
}
