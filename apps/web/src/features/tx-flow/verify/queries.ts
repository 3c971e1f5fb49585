import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { ChainInfo, SafeInfo } from '@countersign/gateway-api';
import { safeKey } from '../../safe';
import { chainClient } from '../chainReads';
import { compareSafeInfo, readChainSafeState } from './chainSafeState';

/** The Safe's owners, threshold, nonce, version, modules and guard as its contract answers. */
export const chainSafeStateQueryOptions = (chain: ChainInfo, address: Address) =>
  queryOptions({
    queryKey: safeKey(chain.chainId, address, 'chain-state'),
    queryFn: () => readChainSafeState(chainClient(chain), address),
    retry: 1,
    staleTime: 5_000,
  });

/** The chain's view of the Safe, and where the gateway's SafeInfo disagrees with it. */
export function useChainSafeState(chain: ChainInfo, address: Address, info: SafeInfo) {
  const query = useQuery(chainSafeStateQueryOptions(chain, address));
  const disagreements = query.data ? compareSafeInfo(info, query.data) : [];
  return { query, state: query.data, disagreements };
}
