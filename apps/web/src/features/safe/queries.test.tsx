import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { teamSafe } from '../../testing';
import {
  changedTags,
  invalidateSafeViews,
  rememberRestoredSafeInfo,
  safeKey,
  tagViews,
  useTagInvalidation,
} from './queries';

const safe = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';

async function clientWith(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys)
    await client.fetchQuery({ queryKey: key, queryFn: () => 'data', staleTime: Infinity });
  return client;
}

const invalidated = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);

describe('the Safe key hierarchy', () => {
  it("builds every key under ['safe', chainId, address]", () => {
    expect(safeKey('1337', safe, 'history', { timezone: 'UTC' })).toEqual([
      'safe',
      '1337',
      safe.toLowerCase(),
      'history',
      { timezone: 'UTC' },
    ]);
  });

  it('finds the tags that moved between two SafeInfo answers', () => {
    expect(changedTags(teamSafe, { ...teamSafe, txQueuedTag: '1700000100' })).toEqual(['txQueuedTag']);
    expect(changedTags(teamSafe, { ...teamSafe, nonce: 9 })).toEqual([]);
  });

  it('counts a change within one second, which only the revisions of Countersign’s gateway show', () => {
    const revised = { ...teamSafe, revisions: { txHistoryTag: '7', txQueuedTag: '1700000000123' } };
    expect(
      changedTags(revised, { ...revised, revisions: { ...revised.revisions, txHistoryTag: '8' } }),
    ).toEqual(['txHistoryTag']);
    expect(
      changedTags(revised, { ...revised, revisions: { ...revised.revisions, txQueuedTag: '1700000000456' } }),
    ).toEqual(['txQueuedTag']);
    expect(changedTags(revised, { ...revised })).toEqual([]);
  });

  it('counts the history as changed when the gateway read further back into its past', () => {
    const reading = { ...teamSafe, historyCompleteFrom: { blockNumber: 900, timestamp: null } };
    expect(changedTags(teamSafe, reading)).toEqual(['txHistoryTag']);
    expect(
      changedTags(reading, { ...reading, historyCompleteFrom: { blockNumber: 500, timestamp: 1 } }),
    ).toEqual(['txHistoryTag']);
    expect(changedTags(reading, { ...teamSafe })).toEqual(['txHistoryTag']);
    expect(changedTags(reading, { ...reading })).toEqual([]);
  });

  it('invalidates exactly the views under a tag, for this Safe only', async () => {
    const other = '0x5cE21AB6a5D80b3F543752A54beee9eA80fEC7d4';
    const client = await clientWith([
      safeKey('1337', safe, 'queue'),
      safeKey('1337', safe, 'history', 'UTC'),
      safeKey('1337', safe, 'collectibles'),
      safeKey('1337', safe, 'info'),
      safeKey('1337', other, 'queue'),
      safeKey('100', safe, 'queue'),
      ['chains'],
    ]);
    await invalidateSafeViews(client, '1337', safe, tagViews.txQueuedTag);
    expect(invalidated(client)).toEqual([safeKey('1337', safe, 'queue')]);
  });

  it('maps every tag to views', () => {
    expect(Object.keys(tagViews)).toEqual(['txQueuedTag', 'txHistoryTag', 'collectiblesTag', 'messagesTag']);
    expect(tagViews.collectiblesTag).toEqual(['collectibles']);
  });
});

describe('tags after a reload', () => {
  it('compares the first SafeInfo a page sees with the one the saved cache held', async () => {
    const client = await clientWith([safeKey('1337', safe, 'queue')]);
    client.setQueryData(safeKey('1337', safe, 'info'), teamSafe);
    rememberRestoredSafeInfo(client);
    // The loader fetched a fresh SafeInfo before the page rendered: its queue tag has moved.
    const fresh = { ...teamSafe, txQueuedTag: '1700000100' };
    renderHook(() => useTagInvalidation('1337', safe, fresh), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(invalidated(client)).toEqual([safeKey('1337', safe, 'queue')]));
  });
});
