/**
 * Which queries are kept in localStorage: an allow-list, marked on the query itself. Everything
 * else lives in memory only: chain reads hold bigints (which JSON cannot write), transaction
 * details go stale, and whole histories would fill the storage.
 */
export type PersistMode = 'all' | 'firstPage';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: PersistMode };
  }
}

/** The whole answer is kept (SafeInfo, chains, balances…). */
export const persisted = { persist: 'all' } as const;
/** An infinite list's first page is kept; further pages load again as the user scrolls. */
export const persistedFirstPage = { persist: 'firstPage' } as const;
