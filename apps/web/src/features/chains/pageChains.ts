import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { chainInfoSchema, type ChainInfo } from '@countersign/gateway-api';
import { dataBlockElement, readDataBlock } from '../../lib/dataBlock';
import { chainKeys } from './keys';

/**
 * The web server writes the gateway's chain list, as it last read it, into each page it serves (a
 * JSON data block, which runs nothing). A first visit then resolves a Safe's short name without
 * waiting for the gateway: the Safe's own requests start as soon as the app runs.
 */
export const PAGE_CHAINS_ELEMENT_ID = 'countersign-chains';

export type PageChains = { readAt: number; chains: ChainInfo[] };

/**
 * The data block: the chains, and when they were read (ms since the epoch; a server clock ahead of
 * the browser's counts as now).
 */
export function pageChainsElement({ readAt, chains }: PageChains): string {
  return dataBlockElement(PAGE_CHAINS_ELEMENT_ID, chains, { 'data-read-at': String(Math.trunc(readAt)) });
}

/**
 * Puts the page's chain list into the chains query unless the cache holds a newer one; it is as
 * fresh as the server's read, so it is asked again once that is stale. A block that is missing,
 * not JSON or not chains is ignored: the app asks the gateway as it would without one.
 */
export function seedChainsFromPage(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(PAGE_CHAINS_ELEMENT_ID);
  // When the block is not newer than the cache (a reload), it is not even parsed.
  const readAt = Math.min(Number(element?.dataset.readAt), Date.now());
  const cached = queryClient.getQueryState(chainKeys.all);
  const cachedAt = cached?.data === undefined ? 0 : cached.dataUpdatedAt;
  // `!(a > b)` rather than `a <= b`: a missing or unreadable date (NaN) counts as not newer.
  if (!(readAt > cachedAt)) return;
  const json = readDataBlock(PAGE_CHAINS_ELEMENT_ID, doc);
  if (json === undefined) return;
  const parsed = z.safeParse(z.array(chainInfoSchema), json);
  if (!parsed.success || parsed.data.length === 0) return;
  queryClient.setQueryData(chainKeys.all, parsed.data, { updatedAt: readAt });
}
