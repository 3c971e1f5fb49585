import type { RouteObject } from 'react-router';
import { safeViewLoader, type SafeTarget } from '../safe';
import { readFiatCurrency } from './fiatCurrency';
import { balancesQueryOptions } from './queries';

// The assets feature: balances and collectibles of a Safe, the fiat currency every view shows, and
// Receive (the Safe's QR code), which the Safe card and an empty Safe's home open.
const loadPages = () => import('./pages');

export const assetsRoutes: RouteObject[] = [
  {
    path: 'assets',
    loader: safeViewLoader(prefetchAssets),
    lazy: async () => ({ Component: (await loadPages()).BalancesPage }),
  },
  { path: 'assets/collectibles', lazy: async () => ({ Component: (await loadPages()).CollectiblesPage }) },
  {
    path: 'assets/collectibles/:contract/:tokenId',
    lazy: async () => ({ Component: (await loadPages()).CollectibleDetailPage }),
  },
];

/** Loads the views' code and the balances in the chosen currency when the pointer or focus reaches a link. */
export function preloadAssets(target: SafeTarget): void {
  void loadPages();
  prefetchAssets(target);
}

/** The balances in the chosen currency (a route loader starts them while the page's code loads). */
export function prefetchAssets({ chainId, address, queryClient, gateway }: SafeTarget): void {
  void queryClient.prefetchQuery(balancesQueryOptions(gateway, chainId, address, readFiatCurrency()));
}

export { useBalances } from './useBalances';
export { TopAssets } from './TopAssets';
export { useReceiveDialog } from './useReceiveDialog';
export { TokenIcon } from './TokenIcon';
export { holdsNothing, type BalancesView } from './balancesView';
export { balancesQueryOptions, collectiblesQueryOptions } from './queries';
export { useFiatCurrency } from './fiatCurrency';
export { TokenNames } from './TokenNames';
