import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { cursorOf, type SafeMessagePage } from '@countersign/gateway-api';
import { getGateway } from '../../lib/gateway';
import { persistedFirstPage } from '../../lib/persistence';
import { safeKey, TAG_GOVERNED_STALE_MS } from '../safe';

/**
 * The Safe's messages, newest first, page by page by the gateway's cursor. The Safe layout
 * invalidates them when SafeInfo's messagesTag moves, so they stay fresh until then.
 */
export const messagesQueryOptions = (chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: safeKey(chainId, address, 'messages'),
    queryFn: ({ pageParam, signal }) =>
      getGateway().getMessages({ chainId, safeAddress: address, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: SafeMessagePage) => cursorOf(lastPage.next) ?? undefined,
    staleTime: TAG_GOVERNED_STALE_MS,
    meta: persistedFirstPage,
  });

export function useMessages(chainId: string, address: string) {
  return useInfiniteQuery(messagesQueryOptions(chainId, address));
}

/** One message by its hash. Keyed under the Safe on screen, whose messagesTag governs it too. */
export const messageQueryOptions = (chainId: string, address: string, messageHash: string) =>
  queryOptions({
    queryKey: safeKey(chainId, address, 'message', messageHash.toLowerCase()),
    queryFn: ({ signal }) => getGateway().getMessage({ chainId, messageHash }, { signal }),
    staleTime: TAG_GOVERNED_STALE_MS,
  });

export function useMessage(chainId: string, address: string, messageHash: string) {
  return useQuery(messageQueryOptions(chainId, address, messageHash));
}
