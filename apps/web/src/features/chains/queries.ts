import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChainInfo, GatewayClient } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { persisted } from '../../lib/persistence';
import { isGatewayDown } from '../../lib/gatewayErrors';
import { fetchAllChains } from './fetchAllChains';
import { findChainByShortName } from './selectedChain';
import { chainKeys } from './keys';

/** Chain configuration changes rarely; views share one answer for a while. */
const CHAIN_STALE_MS = 5 * 60 * 1000;

// Whether the last try at the chain list found no gateway to answer. A query without data that is
// fetched again reads "pending" meanwhile, not "error": the pages that go on without the gateway
// must not fall back to a spinner (and lose what the owner typed) at each new try.
let downAtLastTry = false;
export const gatewayDownAtLastTry = (): boolean => downAtLastTry;

export const chainsQueryOptions = (gateway: GatewayClient) => ({
  queryKey: chainKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchAllChains(gateway, signal).then(
      (chains) => {
        downAtLastTry = false;
        return chains;
      },
      (error: unknown) => {
        downAtLastTry = isGatewayDown(error);
        throw error;
      },
    ),
  staleTime: CHAIN_STALE_MS,
  meta: persisted,
});

/** Every chain the gateway serves, all pages. */
export function useChains() {
  return useQuery(chainsQueryOptions(useGateway()));
}

/** The chain a short name names, from the chains already loaded or loaded now (route loaders). */
export async function chainByShortName(
  queryClient: QueryClient,
  gateway: GatewayClient,
  shortName: string,
): Promise<ChainInfo | undefined> {
  const chains = await queryClient.ensureQueryData(chainsQueryOptions(gateway));
  return findChainByShortName(chains, shortName);
}

/** One chain's configuration; shows the entry from the chains list while it loads. */
export function useChain(chainId: string) {
  const queryClient = useQueryClient();
  const gateway = useGateway();
  return useQuery<ChainInfo, Error, ChainInfo, ReturnType<typeof chainKeys.one>>({
    queryKey: chainKeys.one(chainId),
    queryFn: ({ signal }) => gateway.getChain({ chainId }, { signal }),
    placeholderData: () =>
      queryClient.getQueryData<ChainInfo[]>(chainKeys.all)?.find((chain) => chain.chainId === chainId),
    staleTime: CHAIN_STALE_MS,
    meta: persisted,
  });
}
