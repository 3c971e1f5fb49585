import type { RouteObject } from 'react-router';
import { preloadAssets } from '../assets';
import type { SafeTarget } from '../safe';
import { preloadTransactions } from '../transactions';

// The home feature: a Safe's home page, composed of the other features' previews.
const loadPage = () => import('./HomePage');

export const homeRoutes: RouteObject[] = [
  { path: 'home', lazy: async () => ({ Component: (await loadPage()).HomePage }) },
];

/** Loads the page's code and the data its previews show (balances, the queue). */
export function preloadHome(target: SafeTarget): void {
  void loadPage();
  preloadAssets(target);
  preloadTransactions(target);
}
