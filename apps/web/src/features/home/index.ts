import type { RouteObject } from 'react-router';
import { prefetchAssets } from '../assets';
import { safeViewLoader, type SafeTarget } from '../safe';
import { prefetchTransactions } from '../transactions';

// The home feature: a Safe's home page, composed of the other features' previews.
const loadPage = () => import('./HomePage');

export const homeRoutes: RouteObject[] = [
  {
    path: 'home',
    loader: safeViewLoader(prefetchHome),
    lazy: async () => ({ Component: (await loadPage()).HomePage }),
  },
];

/** Loads the page's code and the data its previews show (balances, the queue). */
export function preloadHome(target: SafeTarget): void {
  void loadPage();
  prefetchHome(target);
}

/** The data its previews show: the balances and the queue. */
export function prefetchHome(target: SafeTarget): void {
  prefetchAssets(target);
  prefetchTransactions(target);
}
