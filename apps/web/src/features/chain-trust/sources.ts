import { useMemo, useSyncExternalStore } from 'react';
import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { ownerRpcs, rpcSourcesOf, type RpcSource, type RpcSourceKind } from '../../lib/rpcSources';

/** How a page names each source. */
export const sourceNames: Record<RpcSourceKind, string> = {
  owner: 'Your RPC',
  operator: "The operator's RPC",
  gateway: "The gateway's RPC",
};

/** The host of an RPC URL, which is what a page names (a path may hold a provider's key). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The chain's RPC sources, following the owner's choice as it changes (in this tab or another). */
export function useRpcSources(chain: ChainInfo): RpcSource[] {
  const owned = useSyncExternalStore(ownerRpcs.subscribe, ownerRpcs.get, ownerRpcs.get);
  return useMemo(() => rpcSourcesOf(chain, owned), [chain, owned]);
}

/** How often the sources are asked again while a Safe's pages are open. */
const AGREEMENT_STALE_MS = 60_000;

/** Every source's answers about the chain and the Safe, compared (only with two sources or more). */
export const rpcAgreementQueryOptions = (chain: ChainInfo, safe: Address, sources: readonly RpcSource[]) =>
  queryOptions({
    queryKey: ['rpc-agreement', chain.chainId, safe, sources.map((source) => source.url)],
    queryFn: async () => (await import('./crossCheck')).compareRpcSources(sources, safe),
    staleTime: AGREEMENT_STALE_MS,
    refetchInterval: AGREEMENT_STALE_MS,
    retry: false,
  });
