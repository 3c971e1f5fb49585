import { chainInfoSchema, createGatewayClient, pageSchema } from '@countersign/gateway-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src';
import { WrongChainError } from '../src/indexer/indexer';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

let local: LocalGateway;
let gateway: Gateway;

/** 45 chain entries (all backed by the one devnet) to page through. */
beforeAll(async () => {
  local = await startLocalGateway({
    chains: (devnetChain) =>
      Array.from({ length: 45 }, (_, i) => ({
        ...devnetChain,
        chainId: String(1337 + i),
        shortName: `local${i}`,
      })),
  });
  gateway = local.gateway;
});
afterAll(() => local?.stop());

describe('a chain whose RPC serves another chain', () => {
  it('is not indexed: its indexer stops with a clear error instead of storing wrong data', async () => {
    const indexer = local.gateway.indexers.get('1338')!;
    await expect.poll(() => indexer.lastError, { timeout: 10_000 }).toBeInstanceOf(WrongChainError);
    expect(String(indexer.lastError)).toContain('the RPC serves chain 1337, not chain 1338');
    expect(await indexer.cursor()).toBeUndefined();
  });
});

describe('GET /v1/chains paging', () => {
  it('pages by cursor with absolute next/previous URLs', async () => {
    const first = pageSchema(chainInfoSchema).parse(await (await fetch(`${gateway.url}/v1/chains`)).json());
    expect(first.count).toBe(45);
    expect(first.results).toHaveLength(20);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${gateway.url}/v1/chains?cursor=limit%3D20%26offset%3D20`);
  });

  it('lets the client follow next to the end and back', async () => {
    const client = createGatewayClient({ baseUrl: gateway.url });
    let page = await client.getChains();
    const ids = page.results.map((c) => c.chainId);
    while (page.next) {
      page = await client.getPage(page.next, chainInfoSchema);
      ids.push(...page.results.map((c) => c.chainId));
    }
    expect(ids).toEqual(Array.from({ length: 45 }, (_, i) => String(1337 + i)));
    expect(page.results).toHaveLength(5);
    const back = await client.getPage(page.previous!, chainInfoSchema);
    expect(back.results[0]?.chainId).toBe(String(1337 + 20));
  });
});
