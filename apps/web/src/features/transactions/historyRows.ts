import type {
  TransactionItem,
  TransactionListEntry,
  TransactionListPage,
  UnreadableItem,
} from '@countersign/gateway-api';

/** A line of the history list: a day's label, or a transaction (or an entry that could not be read). */
export type HistoryRowModel =
  | { kind: 'date'; key: string; timestamp: number }
  | {
      kind: 'tx';
      key: string;
      entry: TransactionItem | UnreadableItem;
      /** First of its day: the top of a card. */
      first: boolean;
      /** Last of its day: the bottom of a card. */
      last: boolean;
    };

/** The day of a moment in the reader's time zone. */
const localDay = (timestamp: number) => {
  const date = new Date(timestamp);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
};

/** The rows of the first `pages`, and the day the last of them is in. */
type RowsState = { pages: readonly TransactionListPage[]; rows: HistoryRowModel[]; day: string | undefined };

/**
 * A transaction a page repeats can only come from the page before it (the history moved on between
 * two page loads), so only the last rows are looked at.
 */
const REPEAT_WINDOW = 200;

/** The rows of one more page after `state`. Nothing in `state` is changed. */
function appendPage(state: RowsState, page: TransactionListPage, pageIndex: number): RowsState {
  const rows = state.rows.slice();
  const recent = new Set(rows.slice(-REPEAT_WINDOW).map((row) => row.key));
  let day = state.day;
  page.results.forEach((entry: TransactionListEntry, index) => {
    // The gateway's own day labels are not used: a transaction's day comes from its own time.
    if (entry.type !== 'TRANSACTION' && entry.type !== 'UNREADABLE') return;
    const key =
      entry.type === 'TRANSACTION' ? `tx-${entry.transaction.id}` : `unreadable-${pageIndex}-${index}`;
    if (recent.has(key)) return;
    recent.add(key);
    // An entry that could not be read has no time: it stays in the day of the row before it.
    if (entry.type === 'TRANSACTION') {
      const next = localDay(entry.transaction.timestamp);
      if (next !== day) {
        day = next;
        rows.push({ kind: 'date', key: `date-${next}`, timestamp: entry.transaction.timestamp });
      }
    }
    const previous = rows.at(-1);
    // The day goes on: the row before is no longer its last (a new object, so it renders again).
    if (previous?.kind === 'tx') rows[rows.length - 1] = { ...previous, last: false };
    rows.push({
      kind: 'tx',
      key,
      entry,
      first: previous === undefined || previous.kind === 'date',
      last: true,
    });
  });
  return { pages: [...state.pages, page], rows, day };
}

/** The rows after the last page of a list as it was loaded (pages are immutable query data). */
const afterPage = new WeakMap<TransactionListPage, RowsState>();

/**
 * The rows of the loaded history pages: a label before each day's transactions, the days cut in the
 * reader's own time zone from each transaction's time. The gateway's DATE_LABEL items are not
 * followed, so the request does not depend on the reader's time zone (the web server can then load
 * the first page with the app), and a day that goes on across pages is labelled once. A transaction
 * that a page repeats is shown once too. Keys are the transactions' ids, so rows keep their measured
 * heights when new transactions arrive at the top. When a page is added, only that page is read: the
 * rows of the pages before it are reused, so a long history costs the same per page at any depth.
 */
export function historyRowsOfPages(pages: readonly TransactionListPage[]): HistoryRowModel[] {
  const last = pages.at(-1);
  const cached = last && afterPage.get(last);
  let state: RowsState =
    cached?.pages.length === pages.length && cached.pages.every((page, index) => page === pages[index])
      ? cached
      : previousState(pages);
  for (const page of pages.slice(state.pages.length)) state = appendPage(state, page, state.pages.length);
  // Only the rows after the last page are kept (the next page starts from them): one copy of the rows.
  const before = pages.at(-2);
  if (before) afterPage.delete(before);
  if (last) afterPage.set(last, state);
  return state.rows;
}

/** The rows kept for a shorter list whose pages start these (the list before a page was added). */
function previousState(pages: readonly TransactionListPage[]): RowsState {
  const before = pages.at(-2);
  const cached = before && afterPage.get(before);
  if (cached?.pages.length === pages.length - 1 && cached.pages.every((page, index) => page === pages[index]))
    return cached;
  return { pages: [], rows: [], day: undefined };
}

/** The rows of a list of entries, as one page. */
export function historyRows(entries: readonly TransactionListEntry[]): HistoryRowModel[] {
  return historyRowsOfPages([{ count: null, next: null, previous: null, results: [...entries] }]);
}
