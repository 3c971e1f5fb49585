import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { cursorOf, type TransactionListPage } from '@countersign/gateway-api';
import { getGateway } from '../../lib/gateway';
import { persistedFirstPage } from '../../lib/persistence';
import { safeKey, TAG_GOVERNED_STALE_MS } from '../safe';

/**
 * The transactions of a Safe: the queue and the history (infinite lists paged by the gateway's
 * cursor) and one transaction's details. Each lives under the Safe's key, so the SafeInfo tags
 * refetch them (txQueuedTag: queue and details; txHistoryTag: history and details).
 */

let timeZone: string | undefined;

/**
 * The user's IANA time zone, so the gateway's day labels cut days where the user's days end. Read
 * once: a formatter is costly to make, and the history's key would change if the zone did.
 */
export function userTimeZone(): string {
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return timeZone;
}

const paging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: TransactionListPage) => cursorOf(last.next) ?? undefined,
  staleTime: TAG_GOVERNED_STALE_MS,
  // The first page is kept for offline use; the rest loads again as the user scrolls.
  meta: persistedFirstPage,
};

export const queueQueryOptions = (chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: safeKey(chainId, address, 'queue'),
    queryFn: ({ pageParam, signal }) =>
      getGateway().getQueue({ chainId, safeAddress: address, cursor: pageParam }, { signal }),
    ...paging,
  });

export const historyQueryOptions = (chainId: string, address: string, timezone = userTimeZone()) =>
  infiniteQueryOptions({
    queryKey: safeKey(chainId, address, 'history', timezone),
    queryFn: ({ pageParam, signal }) =>
      getGateway().getHistory({ chainId, safeAddress: address, cursor: pageParam, timezone }, { signal }),
    ...paging,
  });

export const transactionQueryOptions = (chainId: string, address: string, txId: string) =>
  queryOptions({
    queryKey: safeKey(chainId, address, 'transaction', txId),
    queryFn: ({ signal }) => getGateway().getTransaction({ chainId, id: txId }, { signal }),
    staleTime: TAG_GOVERNED_STALE_MS,
  });

/** Pending transactions by nonce, with the gateway's labels and conflict headers. */
export const useQueueQuery = (chainId: string, address: string) =>
  useInfiniteQuery(queueQueryOptions(chainId, address));

/** Executed transactions and transfers, newest first, with a label per day of the user's time zone. */
export const useHistoryQuery = (chainId: string, address: string) =>
  useInfiniteQuery(historyQueryOptions(chainId, address));

/** One transaction's details, by its id (or safeTxHash). */
export const useTransactionQuery = (chainId: string, address: string, txId: string) =>
  useQuery(transactionQueryOptions(chainId, address, txId));

/** Loads the queue's first page ahead (on intent to open the transactions). */
export function prefetchQueue(queryClient: QueryClient, chainId: string, address: string): Promise<void> {
  return queryClient.prefetchInfiniteQuery(queueQueryOptions(chainId, address));
}
