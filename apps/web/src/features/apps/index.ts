import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { safeViewLoader, type SafeTarget } from '../safe';
import { safeAppsQueryOptions } from './queries';

// The apps feature: the chain's Safe Apps catalogue, and the Safe Apps host that runs an app beside
// the Safe (apps/open), with per-app permissions and settings (shown in Settings → Safe Apps).
const loadPages = () => import('./pages');
const loadHost = () => import('./host/OpenAppPage');

export const appsRoutes: RouteObject[] = [
  {
    path: 'apps',
    loader: safeViewLoader(prefetchApps),
    lazy: async () => ({ Component: (await loadPages()).AppsPage }),
  },
  // The host (the frame, the bridge, the review and signing dialogs) loads only when an app opens.
  { path: 'apps/open', lazy: async () => ({ Component: (await loadHost()).OpenAppPage }) },
];

/** On intent (pointer or focus on the Apps link): the view's code and the chain's catalogue. */
export function preloadApps(target: SafeTarget): void {
  void loadPages();
  prefetchApps(target);
}

export function prefetchApps(target: SafeTarget): void {
  void target.queryClient.prefetchQuery(safeAppsQueryOptions(target.gateway, target.chainId));
}

/** Settings → Safe Apps: each app's permissions and settings (lazy: it shares the host's code). */
export const AppsSettingsSection = lazy(() =>
  import('./host/AppsSettingsSection').then((module) => ({ default: module.AppsSettingsSection })),
);

/** The text a dapp asks the Safe to sign (personal_sign's hex of UTF-8 bytes), as Safe Apps' host reads it. */
export { messageText } from './host/sdkAnswers';

/** An owner signs a message for the Safe on behalf of an app or a dapp (the messages feature's flow). */
export { SignatureRequestDialog } from './host/SignatureRequestDialog';
