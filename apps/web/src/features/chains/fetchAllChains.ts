import { cursorOf, type ChainInfo, type GatewayClient } from '@countersign/gateway-api';

/** The gateway pages chains 20 at a time; this many pages is far beyond any real list. */
export const MAX_CHAIN_PAGES = 100;

type ChainsClient = Pick<GatewayClient, 'getChains'>;

/**
 * Every chain the gateway knows: the first page, then each following page by the cursor its `next`
 * link carries, always from the configured gateway (never a host taken from an answer).
 */
export async function fetchAllChains(client: ChainsClient, signal?: AbortSignal): Promise<ChainInfo[]> {
  const first = await client.getChains({}, { signal });
  const chains = [...first.results];
  const seen = new Set<string>();
  let cursor = cursorOf(first.next);
  while (cursor !== null) {
    if (seen.has(cursor))
      throw new Error(`The gateway's chain list loops: it links to cursor ${cursor} twice.`);
    if (seen.size >= MAX_CHAIN_PAGES) {
      throw new Error(`The gateway's chain list has more than ${MAX_CHAIN_PAGES} pages.`);
    }
    seen.add(cursor);
    const page = await client.getChains({ cursor }, { signal });
    chains.push(...page.results);
    cursor = cursorOf(page.next);
  }
  return chains;
}
