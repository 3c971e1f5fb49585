import { defaultShouldDehydrateQuery, QueryClient, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { getLocalStorage } from '../lib/storage';

/** Specification §9: the data cache keeps data for 24 hours, queries are not retried. */
export const CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Specification §9: the persisted cache is written at most once a second. */
export const PERSIST_THROTTLE_MS = 1000;
/** Bump when a cached shape changes so old caches are dropped. */
const CACHE_VERSION = '1';

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_MAX_AGE_MS,
        retry: false,
        // A self-hosted gateway on localhost answers even when the browser thinks it is offline;
        // and a gateway that does not answer must show an error, not wait forever.
        networkMode: 'always',
      },
    },
  });
}

/**
 * `meta: memoryOnly` keeps a query out of localStorage: chain reads hold bigints, which JSON cannot
 * write (one of them would stop the whole cache from being saved), and they go stale with the chain.
 */
export const memoryOnly = { persist: false };

function shouldPersistQuery(query: Query): boolean {
  return defaultShouldDehydrateQuery(query) && query.meta?.persist !== false;
}

export function createAppPersistOptions(gatewayUrl: string) {
  return {
    persister: createSyncStoragePersister({
      storage: getLocalStorage(),
      throttleTime: PERSIST_THROTTLE_MS,
      key: 'countersign.query-cache',
    }),
    maxAge: CACHE_MAX_AGE_MS,
    // Data from one gateway must never show up when the app points at another.
    buster: `${CACHE_VERSION}|${gatewayUrl}`,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}
