import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChainInfo } from '@countersign/gateway-api';
import { getGateway } from '../../lib/gateway';
import { persisted } from '../../lib/persistence';
import { fetchAllChains } from './fetchAllChains';
import { findChainByShortName } from './selectedChain';

/** Chain configuration changes rarely; views share one answer for a while. */
const CHAIN_STALE_MS = 5 * 60 * 1000;

export const chainKeys = {
  all: ['chains'] as const,
  one: (chainId: string) => ['chain', chainId] as const,
};

export const chainsQueryOptions = () => ({
  queryKey: chainKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchAllChains(getGateway(), signal),
  staleTime: CHAIN_STALE_MS,
  meta: persisted,
});

/** Every chain the gateway serves, all pages. */
export function useChains() {
  return useQuery(chainsQueryOptions());
}

/** The chain a short name names, from the chains already loaded or loaded now (route loaders). */
export async function chainByShortName(
  queryClient: QueryClient,
  shortName: string,
): Promise<ChainInfo | undefined> {
  const chains = await queryClient.ensureQueryData(chainsQueryOptions());
  return findChainByShortName(chains, shortName);
}

/** One chain's configuration; shows the entry from the chains list while it loads. */
export function useChain(chainId: string) {
  const queryClient = useQueryClient();
  return useQuery<ChainInfo, Error, ChainInfo, ReturnType<typeof chainKeys.one>>({
    queryKey: chainKeys.one(chainId),
    queryFn: ({ signal }) => getGateway().getChain({ chainId }, { signal }),
    placeholderData: () =>
      queryClient.getQueryData<ChainInfo[]>(chainKeys.all)?.find((chain) => chain.chainId === chainId),
    staleTime: CHAIN_STALE_MS,
    meta: persisted,
  });
}
