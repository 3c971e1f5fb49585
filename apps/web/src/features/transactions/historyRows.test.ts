import { describe, expect, it } from 'vitest';
import type { TransactionListEntry, TransactionListPage } from '@countersign/gateway-api';
import { historyRows, historyRowsOfPages } from './historyRows';
import { executed, native, transfer } from './testFixtures';

const at = (hour: number, day = 1) => new Date(2026, 4, day, hour).getTime();
const label = (timestamp: number): TransactionListEntry => ({ type: 'DATE_LABEL', timestamp });

describe('historyRows', () => {
  it('puts each day’s label before its transactions and marks the first and last of each day', () => {
    const a = executed(transfer(native('1')), { timestamp: at(15, 2) });
    const b = executed(transfer(native('2')), { timestamp: at(9, 2) });
    const c = executed(transfer(native('3')), { timestamp: at(20, 1) });
    const rows = historyRows([label(at(15, 2)), a, b, label(at(20, 1)), c]);
    expect(
      rows.map((row) => (row.kind === 'date' ? 'date' : `${row.first ? '[' : ''}tx${row.last ? ']' : ''}`)),
    ).toEqual(['date', '[tx', 'tx]', 'date', '[tx]']);
  });

  it('shows a day once when the next page repeats its label, and a repeated transaction once', () => {
    const a = executed(transfer(native('1')), { timestamp: at(15) });
    const b = executed(transfer(native('2')), { timestamp: at(10) });
    const page1 = [label(at(15)), a];
    const page2 = [label(at(10)), a, b];
    const rows = historyRows([...page1, ...page2]);
    expect(rows.map((row) => row.kind)).toEqual(['date', 'tx', 'tx']);
    expect(rows.map((row) => row.key)).toEqual([
      expect.stringMatching(/^date-/),
      `tx-${a.transaction.id}`,
      `tx-${b.transaction.id}`,
    ]);
  });

  it('keeps unreadable entries as rows, in the day of the row before them', () => {
    const a = executed(transfer(native('1')), { timestamp: at(1) });
    const rows = historyRows([label(at(1)), a, { type: 'UNREADABLE', raw: {}, issues: 'x' }]);
    expect(rows.map((row) => row.kind)).toEqual(['date', 'tx', 'tx']);
    expect(rows[2]).toMatchObject({ kind: 'tx', first: false, last: true });
  });

  it('cuts days by each transaction’s own time in the reader’s zone, not by the gateway’s labels', () => {
    // A gateway asked without a time zone labels days in UTC: its labels may fall elsewhere, or be missing.
    const a = executed(transfer(native('1')), { timestamp: at(23, 2) });
    const b = executed(transfer(native('2')), { timestamp: at(1, 2) });
    const c = executed(transfer(native('3')), { timestamp: at(22, 1) });
    const rows = historyRows([label(at(12, 3)), a, b, c]);
    expect(rows.map((row) => row.kind)).toEqual(['date', 'tx', 'tx', 'date', 'tx']);
    expect(rows[0]).toMatchObject({ timestamp: a.transaction.timestamp });
    expect(rows[3]).toMatchObject({ timestamp: c.transaction.timestamp });
  });

  it('reads only the new page when one is added, with the same rows as reading them all', () => {
    const page = (from: number): TransactionListPage => ({
      count: 60,
      next: null,
      previous: null,
      results: [
        label(at(23 - from / 4, 3)),
        ...Array.from({ length: 20 }, (_, n) =>
          executed(transfer(native(String(from + n))), { timestamp: at(23 - (from + n) / 4, 3) }),
        ),
      ],
    });
    const pages = [page(0), page(20), page(40)];
    const first = historyRowsOfPages(pages.slice(0, 1));
    const grown = historyRowsOfPages(pages.slice(0, 2));
    const all = historyRowsOfPages(pages);
    expect(all).toEqual(historyRows(pages.flatMap((p) => p.results)));
    // The rows of the first page are the same objects, but its last row, which is no longer the day's last.
    expect(grown.slice(0, first.length - 1)).toEqual(first.slice(0, -1));
    expect(grown[first.length - 2]).toBe(first[first.length - 2]);
    expect(first.at(-1)).toMatchObject({ last: true });
    expect(grown[first.length - 1]).toMatchObject({ last: false });
    // Asked again for the same pages (a render that changed nothing): the same array.
    expect(historyRowsOfPages(pages)).toBe(all);
  });
});
