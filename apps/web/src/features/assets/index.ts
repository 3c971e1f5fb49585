import type { RouteObject } from 'react-router';
import type { SafeTarget } from '../safe';

// The assets feature: balances and collectibles of a Safe.
const loadPages = () => import('./pages');

export const assetsRoutes: RouteObject[] = [
  { path: 'assets', lazy: async () => ({ Component: (await loadPages()).BalancesPage }) },
  { path: 'assets/collectibles', lazy: async () => ({ Component: (await loadPages()).CollectiblesPage }) },
];

/** Loads the views' code (and their first data) when the pointer or focus reaches a link to them. */
export function preloadAssets(_target: SafeTarget): void {
  void loadPages();
}
