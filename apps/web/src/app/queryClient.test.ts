import { describe, expect, it } from 'vitest';
import { dehydrate } from '@tanstack/react-query';
import { createAppPersistOptions, createAppQueryClient, memoryOnly } from './queryClient';

describe('the persisted query cache', () => {
  it('leaves out memory-only queries, so bigints never reach JSON', async () => {
    const client = createAppQueryClient();
    await client.fetchQuery({ queryKey: ['safe-info'], queryFn: () => ({ nonce: 8 }) });
    await client.fetchQuery({ queryKey: ['chain-read'], queryFn: () => ({ balance: 1n }), meta: memoryOnly });
    const { dehydrateOptions } = createAppPersistOptions('http://127.0.0.1:8787');

    const saved = dehydrate(client, dehydrateOptions);

    expect(saved.queries.map((query) => query.queryKey)).toEqual([['safe-info']]);
    expect(() => JSON.stringify(saved)).not.toThrow();
  });
});
