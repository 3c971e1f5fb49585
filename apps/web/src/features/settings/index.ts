import { Suspense, createElement, lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { delegatesQueryOptions, safeViewLoader, type SafeTarget } from '../safe';
import type { SuppliedSection } from './sections';
import { usePageSettled } from '../../lib/pageSettled';

// The settings feature: the Safe's setup, modules, its security check, the chain's configuration, delegates, notifications.
const loadPages = () => import('./pages');

/** The settings routes, with the sections other features own (`supplied`) beside this feature's. */
export function createSettingsRoutes(supplied: readonly SuppliedSection[]): RouteObject[] {
  // One component for both routes, so that moving between sections keeps the page mounted.
  let page: ComponentType | undefined;
  const lazyPage = async () => {
    const { SettingsPage } = await loadPages();
    page ??= function Settings() {
      return createElement(SettingsPage, { supplied });
    };
    return { Component: page };
  };
  return [
    { path: 'settings', loader: safeViewLoader(prefetchSettings), lazy: lazyPage },
    { path: 'settings/:section', loader: safeViewLoader(prefetchSettings), lazy: lazyPage },
  ];
}
export type { SuppliedSection } from './sections';

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

const LazySetupAttention = lazy(() =>
  import('./SetupAttention').then(({ SetupAttention }) => ({ default: SetupAttention })),
);

/**
 * The home's line when the security check finds something needing attention. Loaded once the home
 * has settled: the check brings the canonical Safe deployments and a chain client with it, which the
 * home's first script does not need.
 */
export function SetupAttention() {
  const settled = usePageSettled();
  return settled ? createElement(Suspense, { fallback: null }, createElement(LazySetupAttention)) : null;
}
