import { describe, expect, it } from 'vitest';
import type { TransactionListPage } from '@countersign/gateway-api';
import { collectHistoryRows, type ExportProgress } from './exportHistory';
import { executed, native, transfer } from './testFixtures';

const eth = { symbol: 'ETH', decimals: 18 };

/** A gateway's history of `total` transactions, paged by `limit=…&offset=…` cursors with absolute links. */
function pagedHistory(total: number) {
  const items = Array.from({ length: total }, (_, index) => executed(transfer(native(String(index + 1)))));
  const cursors: string[] = [];
  const fetchPage = async (cursor: string): Promise<TransactionListPage> => {
    cursors.push(cursor);
    const params = new URLSearchParams(cursor);
    const limit = Math.min(Number(params.get('limit')), 100);
    const offset = Number(params.get('offset'));
    const next =
      offset + limit < total
        ? `http://gw.test/history?cursor=${encodeURIComponent(`limit=${limit}&offset=${offset + limit}`)}`
        : null;
    return {
      count: total,
      next,
      previous: null,
      results: [{ type: 'DATE_LABEL', timestamp: 0 }, ...items.slice(offset, offset + limit)],
    };
  };
  return { fetchPage, cursors };
}

describe('collectHistoryRows', () => {
  it('follows every page by its cursor and reports progress', async () => {
    const history = pagedHistory(250);
    const progress: ExportProgress[] = [];
    const rows = await collectHistoryRows({
      fetchPage: history.fetchPage,
      nativeCurrency: eth,
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
    });
    expect(rows).toHaveLength(250);
    expect(rows[249]?.amount).toBe('0.00000000000000025');
    expect(history.cursors).toEqual(['limit=100&offset=0', 'limit=100&offset=100', 'limit=100&offset=200']);
    expect(progress).toEqual([
      { done: 100, total: 250 },
      { done: 200, total: 250 },
      { done: 250, total: 250 },
    ]);
  });

  it('stops when cancelled', async () => {
    const history = pagedHistory(1000);
    const controller = new AbortController();
    const run = collectHistoryRows({
      fetchPage: history.fetchPage,
      nativeCurrency: eth,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done >= 200) controller.abort(new Error('Cancelled'));
      },
    });
    await expect(run).rejects.toThrow('Cancelled');
    expect(history.cursors).toHaveLength(2);
  });

  it('never asks for the same page twice, whatever the links say', async () => {
    const cursors: string[] = [];
    const rows = await collectHistoryRows({
      fetchPage: async (cursor) => {
        cursors.push(cursor);
        return {
          count: null,
          next: 'http://gw.test/history?cursor=limit%3D100%26offset%3D0',
          previous: null,
          results: [executed(transfer(native('1')))],
        };
      },
      nativeCurrency: eth,
      signal: new AbortController().signal,
    });
    expect(cursors).toEqual(['limit=100&offset=0']);
    expect(rows).toHaveLength(1);
  });
});
