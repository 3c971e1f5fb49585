import { useQueryClient } from '@tanstack/react-query';
import { useGateway } from '../../lib/ServicesProvider';
import { TabNav } from '../../ui';
import { useSafe } from '../safe';
import { balancesQueryOptions, collectiblesQueryOptions } from './queries';
import { readFiatCurrency } from './fiatCurrency';

/** Balances and Collectibles, each with its URL; pointing at a tab fetches its data ahead. */
export function AssetsTabs() {
  const { chain, address, paths } = useSafe();
  const queryClient = useQueryClient();
  const gateway = useGateway();
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
            void queryClient.prefetchQuery(
              balancesQueryOptions(gateway, chain.chainId, address, readFiatCurrency()),
            ),
        },
        {
          to: paths.collectibles,
          label: 'Collectibles',
          testId: 'assets-tab-collectibles',
          onIntent: () =>
            void queryClient.prefetchInfiniteQuery(collectiblesQueryOptions(gateway, chain.chainId, address)),
        },
      ]}
    />
  );
}
