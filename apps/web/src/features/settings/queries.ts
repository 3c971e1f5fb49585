import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { cursorOf, type DelegatePage } from '@countersign/gateway-api';
import { getGateway } from '../../lib/gateway';
import { safeKey } from '../safe';

/** No SafeInfo tag covers delegates: a minute is fresh enough for a list that rarely changes. */
const DELEGATES_STALE_MS = 60_000;

/** The delegates of one Safe, page by page by the gateway's cursor. */
export const delegatesQueryOptions = (chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: safeKey(chainId, address, 'delegates'),
    queryFn: ({ pageParam, signal }) =>
      getGateway().getDelegates({ chainId, safe: address, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: DelegatePage) => cursorOf(lastPage.next) ?? undefined,
    staleTime: DELEGATES_STALE_MS,
  });

export function useDelegates(chainId: string, address: string) {
  return useInfiniteQuery(delegatesQueryOptions(chainId, address));
}
