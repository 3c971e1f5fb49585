import { hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClientSubscribe, type PersistedClient } from '@tanstack/react-query-persist-client';
import { rememberRestoredSafeInfo } from '../features/safe';
import type { PersistMode } from '../lib/persistence';
import { CACHE_MAX_AGE_MS } from '../lib/queryClient';
import { clearSavedCacheMark, markSavedCache } from '../lib/savedCacheMark';
import { getLocalStorage } from '../lib/storage';

/** The persisted cache is written at most once a second, however often queries settle. */
export const PERSIST_THROTTLE_MS = 1000;
/** Bump when a cached shape changes so old caches are dropped. */
const CACHE_VERSION = '2';

export function persistModeOf(query: Pick<Query, 'meta' | 'state'>): PersistMode | undefined {
  const mode = query.meta?.persist;
  if (mode !== 'all' && mode !== 'firstPage') return undefined;
  return query.state.status === 'success' ? mode : undefined;
}

type InfiniteData = { pages: unknown[]; pageParams: unknown[] };

const isInfinite = (data: unknown): data is InfiniteData =>
  typeof data === 'object' && data !== null && Array.isArray((data as InfiniteData).pages);

/** Infinite lists are stored with their first page only; the rest loads again as the user scrolls. */
export function trimForStorage(client: PersistedClient): PersistedClient {
  return {
    ...client,
    clientState: {
      ...client.clientState,
      queries: client.clientState.queries.map((query) => {
        const data = query.state.data;
        if (query.meta?.persist !== 'firstPage' || !isInfinite(data)) return query;
        return {
          ...query,
          state: {
            ...query.state,
            data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
          },
        };
      }),
    },
  };
}

export function createAppPersistOptions(gatewayUrl: string) {
  return {
    persister: createSyncStoragePersister({
      storage: getLocalStorage(),
      throttleTime: PERSIST_THROTTLE_MS,
      key: 'countersign.query-cache',
      serialize: (client: PersistedClient) => JSON.stringify(trimForStorage(client)),
    }),
    maxAge: CACHE_MAX_AGE_MS,
    // Data from one gateway must never show up when the app points at another.
    buster: `${CACHE_VERSION}|${gatewayUrl}`,
    dehydrateOptions: { shouldDehydrateQuery: (query: Query) => persistModeOf(query) !== undefined },
  };
}

/**
 * Puts the saved cache into `queryClient` before anything renders, then saves it as queries
 * settle. localStorage is synchronous, so the first render (and the route loaders, which look in the
 * cache first) already has the saved data: a reload paints the Safe at once rather than a frame of
 * skeletons first, as an asynchronous restore would. A saved cache too old or from another gateway
 * (or cache version) is dropped.
 */
export function startCachePersistence(queryClient: QueryClient, gatewayUrl: string): () => void {
  const { persister, maxAge, buster, dehydrateOptions } = createAppPersistOptions(gatewayUrl);
  try {
    const saved = persister.restoreClient() as PersistedClient | undefined;
    if (saved) {
      if (saved.buster === buster && Date.now() - saved.timestamp <= maxAge) {
        hydrate(queryClient, saved.clientState);
        rememberRestoredSafeInfo(queryClient);
      } else {
        void persister.removeClient();
        clearSavedCacheMark();
      }
    }
  } catch {
    // Unreadable (not JSON, or storage refused): start empty and overwrite it on the next save.
    void persister.removeClient();
    clearSavedCacheMark();
  }
  return persistQueryClientSubscribe({
    queryClient,
    persister: {
      ...persister,
      persistClient: (client) => {
        markSavedCache();
        return persister.persistClient(client);
      },
    },
    buster,
    dehydrateOptions,
  });
}
