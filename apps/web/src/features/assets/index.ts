import type { RouteObject } from 'react-router';
import type { SafeTarget } from '../safe';
import { readFiatCurrency } from './fiatCurrency';
import { balancesQueryOptions } from './queries';

// The assets feature: balances and collectibles of a Safe, and the fiat currency every view shows.
const loadPages = () => import('./pages');

export const assetsRoutes: RouteObject[] = [
  { path: 'assets', lazy: async () => ({ Component: (await loadPages()).BalancesPage }) },
  { path: 'assets/collectibles', lazy: async () => ({ Component: (await loadPages()).CollectiblesPage }) },
  {
    path: 'assets/collectibles/:contract/:tokenId',
    lazy: async () => ({ Component: (await loadPages()).CollectibleDetailPage }),
  },
];

/** Loads the views' code and the balances in the chosen currency when the pointer or focus reaches a link. */
export function preloadAssets({ chainId, address, queryClient }: SafeTarget): void {
  void loadPages();
  void queryClient.prefetchQuery(balancesQueryOptions(chainId, address, readFiatCurrency()));
}

export { DEFAULT_FIAT_CURRENCY, normalizeFiatCode, useFiatCurrency } from './fiatCurrency';
export { CurrencySelect } from './CurrencySelect';
export { useBalances } from './useBalances';
export { TopAssets } from './TopAssets';
export { TokenIcon } from './TokenIcon';
export { balancesView, sortByFiatValue, topAssets, tokenId, type BalancesView } from './balancesView';
export { assetsPreview, type AssetsPreview } from './assetsPreview';
export { assetKeys, balancesQueryOptions, collectiblesQueryOptions } from './queries';
