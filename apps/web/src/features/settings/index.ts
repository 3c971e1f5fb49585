import type { RouteObject } from 'react-router';
import type { SafeTarget } from '../safe';
import { delegatesQueryOptions } from './queries';

// The settings feature: the Safe's setup, modules, the chain's configuration, delegates, notifications.
const loadPages = () => import('./pages');

export const settingsRoutes: RouteObject[] = [
  { path: 'settings', lazy: async () => ({ Component: (await loadPages()).SettingsPage }) },
  { path: 'settings/:section', lazy: async () => ({ Component: (await loadPages()).SettingsPage }) },
];

/**
 * On intent: the views' code, and the one thing settings fetch beyond SafeInfo and the chain (which
 * the Safe layout holds already): the first page of delegates.
 */
export function preloadSettings({ chainId, address, queryClient }: SafeTarget): void {
  void loadPages();
  void queryClient.prefetchInfiniteQuery(delegatesQueryOptions(chainId, address));
}

export { SafeOverviewCard } from './SafeOverviewCard';
export { useDelegates, delegatesQueryOptions } from './queries';
export { describeFeatures, chainFeatureDescriptions } from './chainFeatures';
