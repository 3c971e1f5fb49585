import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { cursorOf, type ChainInfo, type DelegatePage, type GatewayClient } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { useWallet } from '../wallet';
import { compareSafeInfo } from './chainState';
import { safeKey } from './queries';
import { useSafe } from './SafeContext';
import { sameAddress } from '../../lib/address';

/** A read-only client on the chain's own RPC (as the gateway's chain configuration names it). */

/** The Safe's owners, threshold, nonce, version, modules and guard as its contract answers. */
export const chainSafeStateQueryOptions = (chain: ChainInfo, address: Address) =>
  queryOptions({
    queryKey: safeKey(chain.chainId, address, 'chain-state'),
    queryFn: async () => (await import('./readChainState')).readChainSafeState(chain, address),
    retry: 1,
    staleTime: 5_000,
  });

/** The chain's view of the Safe on screen, and where the gateway's SafeInfo disagrees with it. */
export function useChainSafeState() {
  const { chain, address, gatewaySafe } = useSafe();
  const query = useQuery(chainSafeStateQueryOptions(chain, address));
  const disagreements = query.data ? compareSafeInfo(gatewaySafe, query.data) : [];
  return { query, state: query.data, disagreements };
}

/** No SafeInfo tag covers delegates: a minute is fresh enough for a list that rarely changes. */
const DELEGATES_STALE_MS = 60_000;

/** The delegates of one Safe, page by page by the gateway's cursor. */
export const delegatesQueryOptions = (gateway: GatewayClient, chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: safeKey(chainId, address, 'delegates'),
    queryFn: ({ pageParam, signal }) =>
      gateway.getDelegates({ chainId, safe: address, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: DelegatePage) => cursorOf(lastPage.next) ?? undefined,
    staleTime: DELEGATES_STALE_MS,
  });

export function useDelegates(chainId: string, address: string) {
  return useInfiniteQuery(delegatesQueryOptions(useGateway(), chainId, address));
}

/**
 * Who the connected account is to the Safe on screen, the one answer every signing path uses:
 * - `disconnected`, or `settling` while the wallet reconnects after a reload;
 * - `owner`: an owner as the Safe contract answers (the gateway's list only until it has);
 * - `delegate`: not an owner, but a delegate the gateway knows (it may propose, not sign);
 * - `outsider`: neither.
 */
export type Signer =
  | { kind: 'disconnected' }
  | { kind: 'settling' }
  | { kind: 'owner' | 'delegate' | 'outsider'; address: string };

export function useSigner(): Signer {
  const wallet = useWallet();
  const gateway = useGateway();
  const { chain, address, safe } = useSafe();
  const account = wallet.status === 'connected' ? wallet.address : undefined;
  // Asked only with an account to place: a visitor's lists cost no call to the chain.
  const chainState = useQuery({
    ...chainSafeStateQueryOptions(chain, address),
    enabled: account !== undefined,
  });
  const owners = chainState.data?.owners ?? safe.owners.map((owner) => owner.value);
  const isOwner = account !== undefined && owners.some((owner) => sameAddress(owner, account));
  const delegates = useInfiniteQuery({
    ...delegatesQueryOptions(gateway, chain.chainId, address),
    enabled: account !== undefined && !isOwner,
  });
  if (account === undefined) {
    return wallet.status === 'connecting' || wallet.status === 'reconnecting'
      ? { kind: 'settling' }
      : { kind: 'disconnected' };
  }
  if (isOwner) return { kind: 'owner', address: account };
  const isDelegate = delegates.data?.pages.some((page) =>
    page.results.some((delegate) => sameAddress(delegate.delegate, account)),
  );
  return { kind: isDelegate ? 'delegate' : 'outsider', address: account };
}
