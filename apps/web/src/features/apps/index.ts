import type { RouteObject } from 'react-router';
import type { SafeTarget } from '../safe';

// The apps feature: the chain's Safe Apps catalogue (opening an app comes with the Safe Apps host).
const loadPages = () => import('./pages');

export const appsRoutes: RouteObject[] = [
  { path: 'apps', lazy: async () => ({ Component: (await loadPages()).AppsPage }) },
  { path: 'apps/open', lazy: async () => ({ Component: (await loadPages()).OpenAppPage }) },
];

export function preloadApps(_target: SafeTarget): void {
  void loadPages();
}
