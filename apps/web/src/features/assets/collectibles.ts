import type { Collectible, CollectiblePage } from '@countersign/gateway-api';
import type { InfiniteData } from '@tanstack/react-query';

export function collectiblePath(collectiblesPath: string, contract: string, tokenId: string): string {
  return `${collectiblesPath}/${encodeURIComponent(contract)}/${encodeURIComponent(tokenId)}`;
}

/** What an NFT is called: its own name, else "#" and its token id. */
export const collectibleTitle = (item: Pick<Collectible, 'name' | 'id'>): string =>
  item.name !== null && item.name.trim() !== '' ? item.name : `#${item.id}`;

/** "Countersign Collectibles (CSC)": the collection, as the token names itself. */
export function collectionLabel(item: Pick<Collectible, 'tokenName' | 'tokenSymbol'>): string {
  const name = item.tokenName.trim();
  const symbol = item.tokenSymbol.trim();
  if (name && symbol) return `${name} (${symbol})`;
  return name || symbol || 'Unknown collection';
}

/** Every collectible loaded so far, in the gateway's order, without an NFT a later page repeats. */
export function loadedCollectibles(data: InfiniteData<CollectiblePage> | undefined): Collectible[] {
  const seen = new Set<string>();
  const items: Collectible[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.results) {
      const key = collectibleKey(item.address, item.id);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

export const collectibleKey = (contract: string, tokenId: string) => `${contract.toLowerCase()}:${tokenId}`;

export function findCollectible(
  data: InfiniteData<CollectiblePage> | undefined,
  contract: string,
  tokenId: string,
): Collectible | undefined {
  const key = collectibleKey(contract, tokenId);
  return loadedCollectibles(data).find((item) => collectibleKey(item.address, item.id) === key);
}

/**
 * The list's state for QueryView: a failed "load more" is shown where the next page would be, not
 * as the whole list being saved data that could not be refreshed.
 */
export function listState<Q extends { isError: boolean; isFetchNextPageError: boolean }>(query: Q): Q {
  return query.isFetchNextPageError ? { ...query, isError: false } : query;
}
