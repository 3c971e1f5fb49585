import { useQueryClient } from '@tanstack/react-query';
import { TabNav } from '../../ui';
import { useSafe } from '../safe';
import { balancesQueryOptions, collectiblesQueryOptions } from './queries';
import { readFiatCurrency } from './fiatCurrency';

/** Balances and Collectibles, each with its URL; pointing at a tab fetches its data ahead. */
export function AssetsTabs() {
  const { chain, address, paths } = useSafe();
  const queryClient = useQueryClient();
  return (
    <TabNav
      label="Assets"
      items={[
        {
          to: paths.assets,
          label: 'Balances',
          end: true,
          testId: 'assets-tab-balances',
          onIntent: () =>
            void queryClient.prefetchQuery(balancesQueryOptions(chain.chainId, address, readFiatCurrency())),
        },
        {
          to: paths.collectibles,
          label: 'Collectibles',
          testId: 'assets-tab-collectibles',
          onIntent: () =>
            void queryClient.prefetchInfiniteQuery(collectiblesQueryOptions(chain.chainId, address)),
        },
      ]}
    />
  );
}
