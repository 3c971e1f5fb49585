import type { RouteObject } from 'react-router';
import { safeViewLoader, type SafeTarget } from '../safe';
import { delegatesQueryOptions } from '../safe';

// The settings feature: the Safe's setup, modules, the chain's configuration, delegates, notifications.
const loadPages = () => import('./pages');

export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    loader: safeViewLoader(prefetchSettings),
    lazy: async () => ({ Component: (await loadPages()).SettingsPage }),
  },
  {
    path: 'settings/:section',
    loader: safeViewLoader(prefetchSettings),
    lazy: async () => ({ Component: (await loadPages()).SettingsPage }),
  },
];

/**
 * On intent: the views' code, and the one thing settings fetch beyond SafeInfo and the chain (which
 * the Safe layout holds already): the first page of delegates.
 */
export function preloadSettings(target: SafeTarget): void {
  void loadPages();
  prefetchSettings(target);
}

export function prefetchSettings({ chainId, address, queryClient, gateway }: SafeTarget): void {
  void queryClient.prefetchInfiniteQuery(delegatesQueryOptions(gateway, chainId, address));
}

export { SafeOverviewCard } from './SafeOverviewCard';
export { useDelegates, delegatesQueryOptions } from '../safe';
export { describeFeatures, chainFeatureDescriptions } from './chainFeatures';
