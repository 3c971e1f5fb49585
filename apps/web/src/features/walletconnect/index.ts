import type { RouteObject } from 'react-router';

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
