// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ChainInfo } from '@countersign/gateway-api';
import { createAppQueryClient } from '../../lib/queryClient';
import { devnetChain } from '../../testing';
import { pageChainsElement, seedChainsFromPage } from './pageChains';
import { chainKeys } from './keys';

/** A document whose head holds what the web server wrote. */
function pageWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = html;
  return doc;
}

const hostile: ChainInfo = { ...devnetChain, chainName: '</script><script>alert(1)</script> & co' };

describe('the chain list the web server writes into the page', () => {
  it('fills an empty cache, as fresh as the server read it', () => {
    const client = createAppQueryClient();
    const readAt = Date.now() - 60_000;
    seedChainsFromPage(client, pageWith(pageChainsElement({ readAt, chains: [devnetChain] })));
    expect(client.getQueryData(chainKeys.all)).toEqual([devnetChain]);
    expect(client.getQueryState(chainKeys.all)?.dataUpdatedAt).toBe(readAt);
  });

  it('cannot close its element: a name with markup comes back as the same text', () => {
    const element = pageChainsElement({ readAt: 1, chains: [hostile] });
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    const doc = pageWith(element);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    const client = createAppQueryClient();
    seedChainsFromPage(client, doc);
    expect(client.getQueryData<ChainInfo[]>(chainKeys.all)?.[0]?.chainName).toBe(hostile.chainName);
  });

  it('leaves a newer cached list alone', () => {
    const client = createAppQueryClient();
    const cached = [{ ...devnetChain, chainName: 'Cached' }];
    client.setQueryData(chainKeys.all, cached, { updatedAt: Date.now() });
    seedChainsFromPage(
      client,
      pageWith(pageChainsElement({ readAt: Date.now() - 1_000, chains: [devnetChain] })),
    );
    expect(client.getQueryData(chainKeys.all)).toBe(cached);
  });

  it('counts a server clock ahead of the browser as now', () => {
    const client = createAppQueryClient();
    const before = Date.now();
    seedChainsFromPage(
      client,
      pageWith(pageChainsElement({ readAt: before + 3_600_000, chains: [devnetChain] })),
    );
    expect(client.getQueryState(chainKeys.all)?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
    expect(client.getQueryState(chainKeys.all)?.dataUpdatedAt).toBeGreaterThanOrEqual(before);
  });

  it('ignores a block that is missing, not JSON, not chains or empty', () => {
    for (const html of [
      '',
      '<script type="application/json" id="countersign-chains" data-read-at="1">{not json</script>',
      '<script type="application/json" id="countersign-chains" data-read-at="1">[{"chainId":1}]</script>',
      '<script type="application/json" id="countersign-chains" data-read-at="1">[]</script>',
      '<script type="application/json" id="countersign-chains">[]</script>',
    ]) {
      const client = createAppQueryClient();
      seedChainsFromPage(client, pageWith(html));
      expect(client.getQueryData(chainKeys.all), html).toBeUndefined();
    }
  });
});
