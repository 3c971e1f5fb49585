import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { cursorOf, type GatewayClient, type SafeMessagePage } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { persistedFirstPage } from '../../lib/persistence';
import { safeKey, TAG_GOVERNED_STALE_MS } from '../safe';

/**
 * The Safe's messages, newest first, page by page by the gateway's cursor. The Safe layout
 * invalidates them when SafeInfo's messagesTag moves, so they stay fresh until then.
 */
export const messagesQueryOptions = (gateway: GatewayClient, chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: safeKey(chainId, address, 'messages'),
    queryFn: ({ pageParam, signal }) =>
      gateway.getMessages({ chainId, safeAddress: address, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: SafeMessagePage) => cursorOf(lastPage.next) ?? undefined,
    staleTime: TAG_GOVERNED_STALE_MS,
    meta: persistedFirstPage,
  });

export function useMessages(chainId: string, address: string) {
  return useInfiniteQuery(messagesQueryOptions(useGateway(), chainId, address));
}

/** One message by its hash. Keyed under the Safe on screen, whose messagesTag governs it too. */
export const messageQueryOptions = (
  gateway: GatewayClient,
  chainId: string,
  address: string,
  messageHash: string,
) =>
  queryOptions({
    queryKey: safeKey(chainId, address, 'message', messageHash.toLowerCase()),
    queryFn: ({ signal }) => gateway.getMessage({ chainId, messageHash }, { signal }),
    staleTime: TAG_GOVERNED_STALE_MS,
  });

export function useMessage(chainId: string, address: string, messageHash: string) {
  return useQuery(messageQueryOptions(useGateway(), chainId, address, messageHash));
}
