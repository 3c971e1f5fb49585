import { describe, expect, it } from 'vitest';
import type { ChainInfo, Page } from '@countersign/gateway-api';
import { fetchAllChains } from './fetchAllChains';

function chain(chainId: string, shortName: string): ChainInfo {
  return { chainId, shortName, chainName: `Chain ${chainId}` } as ChainInfo;
}

function fakeClient(first: Page<ChainInfo>, pages: Record<string, Page<ChainInfo>>) {
  const fetched: string[] = [];
  const client = {
    getChains: async () => first,
    getPage: async (url: string) => {
      fetched.push(url);
      const page = pages[url];
      if (page === undefined) throw new Error(`unexpected URL ${url}`);
      return page;
    },
  };
  return { client: client as unknown as Parameters<typeof fetchAllChains>[0], fetched };
}

describe('fetchAllChains', () => {
  it('returns a single page as it is', async () => {
    const { client, fetched } = fakeClient({ next: null, previous: null, results: [chain('1', 'eth')] }, {});
    expect((await fetchAllChains(client)).map((c) => c.shortName)).toEqual(['eth']);
    expect(fetched).toEqual([]);
  });

  it('follows every next URL exactly as given, in order', async () => {
    const p2 = 'http://127.0.0.1:9/v1/chains?cursor=limit%3D1%26offset%3D1';
    const p3 = 'http://127.0.0.1:9/v1/chains?cursor=limit%3D1%26offset%3D2';
    const { client, fetched } = fakeClient(
      { count: 3, next: p2, previous: null, results: [chain('1', 'eth')] },
      {
        [p2]: { count: 3, next: p3, previous: 'x', results: [chain('100', 'gno')] },
        [p3]: { count: 3, next: null, previous: p2, results: [chain('31337', 'dev')] },
      },
    );
    expect((await fetchAllChains(client)).map((c) => c.chainId)).toEqual(['1', '100', '31337']);
    expect(fetched).toEqual([p2, p3]);
  });

  it('stops with an error when the pages link in a loop', async () => {
    const p2 = 'http://127.0.0.1:9/v1/chains?cursor=2';
    const { client } = fakeClient(
      { next: p2, previous: null, results: [chain('1', 'eth')] },
      { [p2]: { next: p2, previous: null, results: [] } },
    );
    await expect(fetchAllChains(client)).rejects.toThrow('loops');
  });
});
