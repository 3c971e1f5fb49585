import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { cursorOf, type CollectiblePage, type GatewayClient } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { persisted, persistedFirstPage } from '../../lib/persistence';
import type { Address } from 'viem';
import { safeKey, TAG_GOVERNED_STALE_MS, useSafe } from '../safe';

/**
 * The assets' data. Balances sit under the Safe's `balances` view (refreshed when txHistoryTag
 * moves, and each minute while shown), one entry per currency; collectibles under `collectibles` (collectiblesTag). Both are kept
 * for offline use: balances whole, collectibles by their first page.
 */
export const assetKeys = {
  balances: (chainId: string, address: string, currency: string) =>
    safeKey(chainId, address, 'balances', currency),
  collectibles: (chainId: string, address: string) => safeKey(chainId, address, 'collectibles'),
  /** The gateway's fiat codes belong to no Safe. */
  fiatCodes: ['fiat-codes'] as const,
};

/**
 * Balances also move with no event to tag: fiat prices, rebasing tokens (stETH, aTokens) accrue
 * without a transfer. Older than this, they are fetched again in the background while shown.
 */
export const BALANCES_REFRESH_MS = 60_000;

export const balancesQueryOptions = (
  gateway: GatewayClient,
  chainId: string,
  address: string,
  currency: string,
) =>
  queryOptions({
    queryKey: assetKeys.balances(chainId, address, currency),
    queryFn: ({ signal }) => gateway.getBalances({ chainId, safeAddress: address, currency }, { signal }),
    staleTime: BALANCES_REFRESH_MS,
    meta: persisted,
  });

export function useBalancesQuery(chainId: string, address: string, currency: string) {
  const { chain, withoutGateway } = useSafe();
  const fromGateway = balancesQueryOptions(useGateway(), chainId, address, currency);
  // Without the gateway the coin is read from the chain (and never kept as the gateway's answer).
  return useQuery({
    ...fromGateway,
    ...(withoutGateway && {
      queryKey: [...fromGateway.queryKey, 'from-chain'] as unknown as typeof fromGateway.queryKey,
      queryFn: async () => (await import('./chainBalances')).readChainBalances(chain, address as Address),
      meta: undefined,
    }),
    refetchInterval: BALANCES_REFRESH_MS,
  });
}

/** The codes change with the gateway's configuration, not with the Safe: asked once a day. */
const FIAT_CODES_STALE_MS = 24 * 60 * 60 * 1000;

export const fiatCodesQueryOptions = (gateway: GatewayClient) =>
  queryOptions({
    queryKey: assetKeys.fiatCodes,
    queryFn: ({ signal }) => gateway.getFiatCodes({ signal }),
    staleTime: FIAT_CODES_STALE_MS,
    meta: persisted,
  });

export function useFiatCodesQuery() {
  return useQuery(fiatCodesQueryOptions(useGateway()));
}

export const collectiblesQueryOptions = (gateway: GatewayClient, chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: assetKeys.collectibles(chainId, address),
    queryFn: ({ signal, pageParam }): Promise<CollectiblePage> =>
      gateway.getCollectiblesPage({ chainId, safeAddress: address, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => cursorOf(lastPage.next) ?? undefined,
    staleTime: TAG_GOVERNED_STALE_MS,
    meta: persistedFirstPage,
  });

export function useCollectiblesQuery(chainId: string, address: string) {
  return useInfiniteQuery(collectiblesQueryOptions(useGateway(), chainId, address));
}
