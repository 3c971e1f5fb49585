import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { GatewayClient, SafeInfo } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { persisted } from '../../lib/persistence';

/**
 * One key hierarchy for everything of a Safe: ['safe', chainId, address, view, …]. Each feature
 * builds its keys with `safeKey` in its own queries.ts, so one call refreshes a whole Safe and the
 * SafeInfo tags invalidate exactly the views they stand for.
 */
export type SafeView =
  | 'info'
  | 'balances'
  | 'collectibles'
  | 'queue'
  | 'history'
  | 'transaction'
  | 'multisig-transactions'
  | 'module-transactions'
  | 'incoming-transfers'
  | 'nonces'
  | 'messages'
  | 'message'
  | 'delegates'
  | 'review'
  | 'chain-state'
  | 'owner-code'
  /** Whether a contract the Safe would use has code on the chain (rest: its address). */
  | 'contract-code'
  | 'creation'
  /** A transaction shared by link or file, checked against the chain (rest: it and its signatures). */
  | 'shared-check'
  /** The same for a message. */
  | 'shared-message-check';

export function safeKey(chainId: string, address: string, view?: SafeView, ...rest: unknown[]): QueryKey {
  const root = ['safe', chainId, address.toLowerCase()];
  return view === undefined ? root : [...root, view, ...rest];
}

/** The SafeInfo tags (Unix seconds as strings) and the views whose data each one dates. */
export const tagViews = {
  txQueuedTag: ['queue', 'nonces', 'transaction', 'multisig-transactions'],
  txHistoryTag: [
    'history',
    'transaction',
    'nonces',
    'balances',
    'multisig-transactions',
    'module-transactions',
    'incoming-transfers',
    'chain-state',
    'owner-code',
  ],
  collectiblesTag: ['collectibles'],
  messagesTag: ['messages', 'message'],
} as const satisfies Record<string, readonly SafeView[]>;

export type SafeTag = keyof typeof tagViews;
const tags = Object.keys(tagViews) as SafeTag[];

/** The spec's polling interval: SafeInfo is asked again every 4 s while the page is visible. */
export const SAFE_INFO_POLL_MS = 4_000;

/**
 * Data a tag governs is fresh until its tag changes: moving between views refetches nothing. The
 * limit only matters for a gateway that sends no tags.
 */
export const TAG_GOVERNED_STALE_MS = 5 * 60 * 1000;

export const safeInfoQueryOptions = (gateway: GatewayClient, chainId: string, address: string) => ({
  queryKey: safeKey(chainId, address, 'info'),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    gateway.getSafeInfo({ chainId, safeAddress: address }, { signal }),
  meta: persisted,
});

/** The Safe's settings and state, polled every 4 s. */
export function useSafeInfoQuery(chainId: string, address: string, { poll = true } = {}) {
  return useQuery({
    ...safeInfoQueryOptions(useGateway(), chainId, address),
    refetchInterval: poll ? SAFE_INFO_POLL_MS : false,
  });
}

/**
 * The tags that differ between two SafeInfo answers. Countersign's gateway also says what a tag, to
 * the second, may not: a change within the same second (its revisions), and that it read further back
 * into the history while the newest item stayed the same.
 */
export function changedTags(before: SafeInfo, after: SafeInfo): SafeTag[] {
  const reachedFurther = before.historyCompleteFrom?.blockNumber !== after.historyCompleteFrom?.blockNumber;
  return tags.filter(
    (tag) =>
      before[tag] !== after[tag] ||
      revisionOf(before, tag) !== revisionOf(after, tag) ||
      (tag === 'txHistoryTag' && reachedFurther),
  );
}

const revisionOf = (safe: SafeInfo, tag: SafeTag) =>
  tag === 'collectiblesTag' ? undefined : safe.revisions?.[tag];

/** Invalidates the queries of these views of one Safe, and nothing else. */
export function invalidateSafeViews(
  queryClient: QueryClient,
  chainId: string,
  address: string,
  views: readonly SafeView[],
): Promise<void> {
  const root = safeKey(chainId, address);
  return queryClient.invalidateQueries({
    predicate: (query) =>
      root.every((part, index) => query.queryKey[index] === part) &&
      views.includes(query.queryKey[root.length] as SafeView),
  });
}

/** Refetches everything of a Safe (after a transaction of one's own, for instance). */
export function invalidateSafe(queryClient: QueryClient, chainId: string, address: string) {
  return queryClient.invalidateQueries({ queryKey: safeKey(chainId, address) });
}

/**
 * Each Safe's SafeInfo as the saved cache held it, by its query key: the tags its saved views were
 * fetched under. A loader may fetch a fresh SafeInfo before the page first renders, so the first one
 * the page sees cannot tell whether the saved views are still current; this one can.
 */
const restoredSafeInfo = new Map<string, SafeInfo>();
const infoKey = (chainId: string, address: string) => safeKey(chainId, address, 'info').join('|');

/** Notes the SafeInfo of every Safe in a cache just restored from storage (see useTagInvalidation). */
export function rememberRestoredSafeInfo(queryClient: QueryClient): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const [root, chainId, address, view] = query.queryKey;
    const data = query.state.data as SafeInfo | undefined;
    if (
      root === 'safe' &&
      view === 'info' &&
      data &&
      typeof chainId === 'string' &&
      typeof address === 'string'
    )
      restoredSafeInfo.set(infoKey(chainId, address), data);
  }
}

/**
 * When a SafeInfo tag moves, the views under that tag are refetched; the others are left alone. The
 * first SafeInfo a page sees is compared with the one the saved cache held, if any.
 */
export function useTagInvalidation(chainId: string, address: string, safe: SafeInfo | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef<SafeInfo | undefined>(undefined);
  useEffect(() => {
    if (safe === undefined) return;
    const restored = restoredSafeInfo.get(infoKey(chainId, address));
    restoredSafeInfo.delete(infoKey(chainId, address));
    const before = previous.current ?? restored;
    previous.current = safe;
    if (before === undefined) return;
    const changed = changedTags(before, safe);
    if (changed.length === 0) return;
    void invalidateSafeViews(queryClient, chainId, address, [
      ...new Set(changed.flatMap((tag) => tagViews[tag])),
    ]);
  }, [queryClient, chainId, address, safe]);
}
