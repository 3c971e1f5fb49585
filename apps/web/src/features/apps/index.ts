import type { RouteObject } from 'react-router';
import { safeViewLoader, type SafeTarget } from '../safe';
import { safeAppsQueryOptions } from './queries';

// The apps feature: the chain's Safe Apps catalogue (opening an app comes with the Safe Apps host).
const loadPages = () => import('./pages');

export const appsRoutes: RouteObject[] = [
  {
    path: 'apps',
    loader: safeViewLoader(prefetchApps),
    lazy: async () => ({ Component: (await loadPages()).AppsPage }),
  },
  { path: 'apps/open', lazy: async () => ({ Component: (await loadPages()).OpenAppPage }) },
];

/** On intent (pointer or focus on the Apps link): the view's code and the chain's catalogue. */
export function preloadApps(target: SafeTarget): void {
  void loadPages();
  prefetchApps(target);
}

export function prefetchApps(target: SafeTarget): void {
  void target.queryClient.prefetchQuery(safeAppsQueryOptions(target.chainId));
}

export { isAllowedHere } from './catalogue';
export { SAFE_APPS_STALE_MS, safeAppsKey, safeAppsQueryOptions, useSafeAppsQuery } from './queries';
