import { describe, expect, it } from 'vitest';
import type { ChainInfo, Page } from '@countersign/gateway-api';
import { fetchAllChains } from './fetchAllChains';

function chain(chainId: string, shortName: string): ChainInfo {
  return { chainId, shortName, chainName: `Chain ${chainId}` } as ChainInfo;
}

/** A client whose pages are keyed by cursor ('' for the first). */
function fakeClient(pages: Record<string, Page<ChainInfo>>) {
  const asked: string[] = [];
  const client = {
    getChains: async ({ cursor }: { cursor?: string }) => {
      asked.push(cursor ?? '');
      const page = pages[cursor ?? ''];
      if (page === undefined) throw new Error(`unexpected cursor ${cursor}`);
      return page;
    },
  };
  return { client: client as unknown as Parameters<typeof fetchAllChains>[0], asked };
}

const link = (cursor: string) =>
  `http://elsewhere.example.com/v1/chains?cursor=${encodeURIComponent(cursor)}`;

describe('fetchAllChains', () => {
  it('returns a single page as it is', async () => {
    const { client, asked } = fakeClient({
      '': { next: null, previous: null, results: [chain('1', 'eth')] },
    });
    expect((await fetchAllChains(client)).map((c) => c.shortName)).toEqual(['eth']);
    expect(asked).toEqual(['']);
  });

  it('follows every page by the cursor of its next link, from the configured gateway', async () => {
    const { client, asked } = fakeClient({
      '': { count: 3, next: link('limit=1&offset=1'), previous: null, results: [chain('1', 'eth')] },
      'limit=1&offset=1': {
        count: 3,
        next: link('limit=1&offset=2'),
        previous: 'x',
        results: [chain('100', 'gno')],
      },
      'limit=1&offset=2': { count: 3, next: null, previous: 'x', results: [chain('31337', 'dev')] },
    });
    expect((await fetchAllChains(client)).map((c) => c.chainId)).toEqual(['1', '100', '31337']);
    expect(asked).toEqual(['', 'limit=1&offset=1', 'limit=1&offset=2']);
  });

  it('stops with an error when the pages link in a loop', async () => {
    const { client } = fakeClient({
      '': { next: link('2'), previous: null, results: [chain('1', 'eth')] },
      '2': { next: link('2'), previous: null, results: [] },
    });
    await expect(fetchAllChains(client)).rejects.toThrow('loops');
  });
});
