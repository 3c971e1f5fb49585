import { describe, expect, it } from 'vitest';
import { dehydrate, type InfiniteData } from '@tanstack/react-query';
import { persisted, persistedFirstPage } from '../lib/persistence';
import { createAppQueryClient } from '../lib/queryClient';
import { createAppPersistOptions, trimForStorage } from './queryClient';

describe('the persisted query cache', () => {
  it('keeps only the allow-listed queries, so bigints and details never reach storage', async () => {
    const client = createAppQueryClient();
    await client.fetchQuery({ queryKey: ['safe-info'], queryFn: () => ({ nonce: 8 }), meta: persisted });
    await client.fetchQuery({ queryKey: ['chain-read'], queryFn: () => ({ balance: 1n }) });
    await client.fetchQuery({ queryKey: ['details'], queryFn: () => ({ id: 'x' }) });
    const { dehydrateOptions } = createAppPersistOptions('http://127.0.0.1:8787');

    const saved = dehydrate(client, dehydrateOptions);

    expect(saved.queries.map((query) => query.queryKey)).toEqual([['safe-info']]);
    expect(() => JSON.stringify(saved)).not.toThrow();
  });

  it('stores an infinite list with its first page only', async () => {
    const client = createAppQueryClient();
    await client.fetchInfiniteQuery({
      queryKey: ['history'],
      queryFn: ({ pageParam }) => ({ page: pageParam }),
      initialPageParam: 0,
      getNextPageParam: (last: { page: number }) => last.page + 1,
      meta: persistedFirstPage,
      pages: 3,
    });
    expect(client.getQueryData<InfiniteData<unknown>>(['history'])?.pages).toHaveLength(3);
    const { dehydrateOptions } = createAppPersistOptions('http://127.0.0.1:8787');

    const stored = trimForStorage({
      timestamp: 0,
      buster: '',
      clientState: dehydrate(client, dehydrateOptions),
    });

    expect(stored.clientState.queries[0]?.state.data).toEqual({ pages: [{ page: 0 }], pageParams: [0] });
  });

  it('does not store a query that failed', async () => {
    const client = createAppQueryClient();
    await client
      .fetchQuery({
        queryKey: ['broken'],
        queryFn: () => Promise.reject(new Error('down')),
        meta: persisted,
      })
      .catch(() => undefined);
    const { dehydrateOptions } = createAppPersistOptions('http://127.0.0.1:8787');
    expect(dehydrate(client, dehydrateOptions).queries).toEqual([]);
  });
});
