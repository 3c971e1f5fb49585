import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  cursorOf,
  MAX_PAGE_SIZE,
  withPageSize,
  type GatewayClient,
  type TransactionListPage,
} from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { persistedFirstPage } from '../../lib/persistence';
import { safeKey, TAG_GOVERNED_STALE_MS } from './queries';
import type { SafeTarget } from './navigation';

/**
 * The transactions of a Safe, read by several features (the transaction views, the review, the
 * home's queue at a glance): the queue the queue and the history (infinite lists paged by the gateway's
 * cursor) and one transaction's details. Each lives under the Safe's key, so the SafeInfo tags
 * refetch them (txQueuedTag: queue and details; txHistoryTag: history and details).
 */

const paging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: TransactionListPage) => cursorOf(last.next) ?? undefined,
  staleTime: TAG_GOVERNED_STALE_MS,
  // The first page is kept for offline use; the rest loads again as the user scrolls.
  meta: persistedFirstPage,
};

export const queueQueryOptions = (gateway: GatewayClient, chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: safeKey(chainId, address, 'queue'),
    queryFn: ({ pageParam, signal }) =>
      gateway.getQueue({ chainId, safeAddress: address, cursor: pageParam }, { signal }),
    ...paging,
  });

/**
 * The history, asked without a time zone: the list cuts days itself, in the reader's zone, from each
 * transaction's time (historyRows), so the first page's URL is the same for every reader and the web
 * server can load it with the page.
 */
export const historyQueryOptions = (gateway: GatewayClient, chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: safeKey(chainId, address, 'history'),
    queryFn: ({ pageParam, signal }) =>
      gateway.getHistory({ chainId, safeAddress: address, cursor: pageParam }, { signal }),
    ...paging,
    // The pages after the first are as large as the gateways serve (five times their 20), so scrolling
    // a long history asks a fifth as often: each answer costs a request, a parse and a render of the
    // list. The first page stays small: it is what paints first and what is kept for offline use.
    getNextPageParam: (last: TransactionListPage) => {
      const cursor = cursorOf(last.next);
      return cursor === null ? undefined : withPageSize(cursor, MAX_PAGE_SIZE);
    },
  });

export const transactionQueryOptions = (
  gateway: GatewayClient,
  chainId: string,
  address: string,
  txId: string,
) =>
  queryOptions({
    queryKey: safeKey(chainId, address, 'transaction', txId),
    queryFn: ({ signal }) => gateway.getTransaction({ chainId, id: txId }, { signal }),
    staleTime: TAG_GOVERNED_STALE_MS,
  });

/** Pending transactions by nonce, with the gateway's labels and conflict headers. */
export const useQueueQuery = (chainId: string, address: string) =>
  useInfiniteQuery(queueQueryOptions(useGateway(), chainId, address));

/** Executed transactions and transfers, newest first (days are cut by historyRows). */
export const useHistoryQuery = (chainId: string, address: string) =>
  useInfiniteQuery(historyQueryOptions(useGateway(), chainId, address));

/** One transaction's details, by its id (or safeTxHash). */
export const useTransactionQuery = (chainId: string, address: string, txId: string) =>
  useQuery(transactionQueryOptions(useGateway(), chainId, address, txId));

/** Loads the queue's first page ahead (on intent to open the transactions). */
export function prefetchQueue({ queryClient, gateway, chainId, address }: SafeTarget): Promise<void> {
  return queryClient.prefetchInfiniteQuery(queueQueryOptions(gateway, chainId, address));
}
