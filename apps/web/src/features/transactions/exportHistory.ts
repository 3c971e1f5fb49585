import { cursorOf, MAX_PAGE_SIZE, type TransactionListPage } from '@countersign/gateway-api';
import type { NativeCurrency } from './describe';
import { csvRowOf, type CsvRow } from './historyCsv';

export type ExportProgress = {
  /** Transactions written so far. */
  done: number;
  /** What the gateway counts in the whole history (null when it does not say). */
  total: number | null;
};

/**
 * Reads the whole history page after page, following each page's `next` cursor, and turns every
 * transaction into a CSV row. Stops when `signal` aborts (rejecting with its reason) and never asks
 * for the same page twice, so a gateway whose links go round in circles cannot keep it running.
 */
export async function collectHistoryRows({
  fetchPage,
  nativeCurrency,
  signal,
  onProgress,
  // As many a request as the gateways serve: fewer requests than the lists' 20 a page.
  pageSize = MAX_PAGE_SIZE,
}: {
  fetchPage: (cursor: string, signal: AbortSignal) => Promise<TransactionListPage>;
  nativeCurrency: NativeCurrency;
  signal: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  pageSize?: number;
}): Promise<CsvRow[]> {
  const rows: CsvRow[] = [];
  const seen = new Set<string>();
  let cursor: string | null = `limit=${pageSize}&offset=0`;
  while (cursor !== null && !seen.has(cursor)) {
    signal.throwIfAborted();
    seen.add(cursor);
    const page = await fetchPage(cursor, signal);
    for (const entry of page.results) {
      const row = csvRowOf(entry, nativeCurrency);
      if (row) rows.push(row);
    }
    const total = typeof page.count === 'number' ? Math.max(page.count, rows.length) : null;
    onProgress?.({ done: rows.length, total });
    cursor = cursorOf(page.next);
  }
  signal.throwIfAborted();
  return rows;
}
