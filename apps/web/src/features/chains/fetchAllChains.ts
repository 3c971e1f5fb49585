import { chainInfoSchema, type ChainInfo, type GatewayClient, type Page } from '@countersign/gateway-api';

/** The gateway pages chains 20 at a time; this many pages is far beyond any real list. */
export const MAX_CHAIN_PAGES = 100;

type ChainsClient = Pick<GatewayClient, 'getChains' | 'getPage'>;

/** Every chain the gateway knows: the first page, then each `next` URL exactly as the gateway gave it. */
export async function fetchAllChains(client: ChainsClient, signal?: AbortSignal): Promise<ChainInfo[]> {
  const first: Page<ChainInfo> = await client.getChains({}, { signal });
  const chains = [...first.results];
  const seen = new Set<string>();
  let next = first.next;
  while (next !== null) {
    if (seen.has(next)) {
      throw new Error(`The gateway's chain list loops: it links to ${next} twice.`);
    }
    if (seen.size >= MAX_CHAIN_PAGES) {
      throw new Error(`The gateway's chain list has more than ${MAX_CHAIN_PAGES} pages.`);
    }
    seen.add(next);
    const page: Page<ChainInfo> = await client.getPage(next, chainInfoSchema, { signal });
    chains.push(...page.results);
    next = page.next;
  }
  return chains;
}
