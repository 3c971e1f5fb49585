import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useLocation, useNavigationType } from 'react-router';
import {
  defaultRangeExtractor,
  measureElement,
  useWindowVirtualizer,
  type Range,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual';
import type { TransactionListPage } from '@countersign/gateway-api';
import { formatDayLabel, formatFullDateTime } from '../../ui';
import { historyRowsOfPages, type HistoryRowModel } from './historyRows';
import { TransactionRow } from './TransactionRow';
import styles from './TransactionLists.module.css';

/** A page already on its way is awaited, not asked for again (scroll, observer and keys all ask). */
const joinInFlight = { cancelRefetch: false };

/** Rows kept rendered beyond each edge of the viewport. */
const OVERSCAN = 6;
/**
 * The next page is asked for once the last loaded row is this close to the viewport: about half of
 * a page read on (MAX_PAGE_SIZE, see queries.ts), so a fast scroll seldom reaches the end before it.
 */
const PREFETCH_ROWS = 50;
/**
 * The viewport a page rendered on the web server is laid out for (app/prerender.tsx): it cannot know
 * the browser's, so it renders the rows a tall desktop window shows; the app renders for the real
 * one as it starts.
 */
const SERVER_VIEWPORT = { width: 1280, height: 1200 };
/**
 * A row's shape, for estimating its height: a day label, a transaction, or the first transaction of a
 * day (its card's top border makes it a pixel taller).
 */
type RowShape = 'date' | 'tx' | 'txFirst';
const shapeOf = (row: HistoryRowModel): RowShape =>
  row.kind === 'date' ? 'date' : row.first ? 'txFirst' : 'tx';
/** Heights before any row of the shape is measured: the desktop's, at the default font size. */
const ESTIMATES: Record<RowShape, number> = { date: 46, tx: 75, txFirst: 76 };

/** The most common measured height of each shape (a row whose text wraps is not typical). */
class TypicalSizes {
  private readonly counts = new Map<RowShape, Map<number, number>>();
  private readonly typical = new Map<RowShape, number>();

  add(shape: RowShape, size: number) {
    // A row being laid out or taken away can measure 0: it says nothing about the others.
    if (!(size > 0)) return;
    const counts = this.counts.get(shape) ?? new Map<number, number>();
    this.counts.set(shape, counts);
    const count = (counts.get(size) ?? 0) + 1;
    counts.set(size, count);
    const typical = this.typical.get(shape);
    if (typical === undefined || count > (counts.get(typical) ?? 0)) this.typical.set(shape, size);
  }

  of(shape: RowShape): number | undefined {
    return this.typical.get(shape);
  }
}

type Paging = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => unknown;
};

/**
 * Where each visit of the history list was left (keyed by the browser history entry), so that Back
 * from a transaction's details returns to the same row with the rows' measured heights.
 */
const savedPositions = new Map<string, { scrollY: number; measurements: VirtualItem[] }>();

/**
 * The history as a virtual list on the window's scroll: only the rows in and near the viewport are in
 * the DOM (a few dozen, however long the history), each measured as it renders (day labels and
 * transactions differ in height). The next page is fetched as the end comes into view. Rows are
 * links: Tab moves through them (the focused row stays rendered), and the arrow keys move between
 * transactions.
 */
export function HistoryList({ pages, paging }: { pages: readonly TransactionListPage[]; paging: Paging }) {
  const rows = useMemo(() => historyRowsOfPages(pages), [pages]);
  const listRef = useRef<HTMLOListElement>(null);
  const scrollMargin = useListOffset(listRef);
  const location = useLocation();
  const restoring = useNavigationType() === 'POP' ? savedPositions.get(location.key) : undefined;
  const focusedIndex = useRef<number | null>(null);
  const pendingFocus = useRef<number | null>(null);
  const waitingForPage = useRef<number | null>(null);

  // Rows not yet rendered are estimated at the height rows of their shape measured: when one is
  // rendered and measured, nothing below it moves, and the list is not laid out and rendered again
  // in the middle of a scrolling frame (which every first measurement that differs costs).
  const typicalSizesRef = useRef(new TypicalSizes());
  const estimateSize = useCallback(
    (index: number) => {
      const shape = rows[index] ? shapeOf(rows[index]) : 'tx';
      return typicalSizesRef.current.of(shape) ?? ESTIMATES[shape];
    },
    [rows],
  );
  const measureRow = useCallback(
    (
      element: HTMLLIElement,
      entry: ResizeObserverEntry | undefined,
      instance: Virtualizer<Window, HTMLLIElement>,
    ) => {
      const size = measureElement(element, entry, instance);
      const row = rows[instance.indexFromElement(element)];
      if (row) typicalSizesRef.current.add(shapeOf(row), size);
      return size;
    },
    [rows],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);

  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedIndex.current;
    // A focused row scrolled out of view stays in the DOM, so focus is not lost to the page.
    if (focused !== null && focused < range.count && !indexes.includes(focused)) {
      indexes.push(focused);
      indexes.sort((a, b) => a - b);
    }
    return indexes;
  }, []);

  // Rendered on the web server (app/prerender.tsx): no window to measure or position rows in.
  const onServer = typeof window === 'undefined';
  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: rows.length,
    // Stable while the rows are: a new function makes the virtualizer lay out every row again.
    estimateSize,
    measureElement: measureRow,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin,
    // The app header is sticky: rows scrolled to by keyboard land below it.
    scrollPaddingStart: 72,
    rangeExtractor,
    initialMeasurementsCache: restoring?.measurements,
    // Positions are written straight to the DOM while scrolling: React renders only when the range changes.
    directDomUpdates: true,
    // `top` (position), not a 3D transform: each row would otherwise be a compositor layer of its own, painted
    // and composited separately on every frame.
    directDomUpdatesMode: 'position',
    ...(onServer ? { initialRect: SERVER_VIEWPORT } : {}),
  });

  // Restore once when coming back (Back/Forward) to this entry.
  useEffect(() => (restoring ? restoreScroll(restoring.scrollY) : undefined), [restoring]);
  // Save on leaving, in the commit that removes the list: a passive effect would run after the next
  // page has replaced it and the window's scroll has already been clamped to that page's height.
  useLayoutEffect(() => {
    const key = location.key;
    return () => {
      savedPositions.set(key, { scrollY: window.scrollY, measurements: virtualizer.takeSnapshot() });
      if (savedPositions.size > 20) savedPositions.delete(savedPositions.keys().next().value ?? '');
    };
    // Only on mount and unmount of this visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = paging;
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (lastIndex >= rows.length - 1 - PREFETCH_ROWS) void fetchNextPage(joinInFlight);
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  /** Moves focus to the row at `index`: scrolled into view first, focused once it is rendered. */
  const focusRow = (index: number) => {
    focusedIndex.current = index;
    pendingFocus.current = index;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    const link = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] a`);
    if (link) {
      pendingFocus.current = null;
      link.focus({ preventScroll: true });
    }
  };

  /** The next transaction row from `from` (day labels skipped), if it is loaded. */
  const nextRow = (from: number, step: 1 | -1) => {
    let next = from + step;
    while (rows[next]?.kind === 'date') next += step;
    return rows[next] === undefined ? undefined : next;
  };

  // A row reached with the arrow keys gets focus once it is rendered; one asked for below the last
  // loaded row, once its page has arrived.
  useEffect(() => {
    const waiting = waitingForPage.current;
    if (waiting !== null) {
      const next = nextRow(waiting, 1);
      if (next !== undefined) {
        waitingForPage.current = null;
        focusRow(next);
        return;
      }
    }
    const index = pendingFocus.current;
    if (index === null) return;
    const link = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] a`);
    if (link) {
      pendingFocus.current = null;
      link.focus({ preventScroll: true });
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!item) return;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    // Presses made faster than rows render count from the row already asked for.
    const from = pendingFocus.current ?? waitingForPage.current ?? Number(item.dataset.index);
    const next = nextRow(from, step);
    if (next !== undefined) {
      event.preventDefault();
      waitingForPage.current = null;
      focusRow(next);
    } else if (step === 1 && hasNextPage) {
      // Below the last loaded row: focus moves on when the next page is there.
      event.preventDefault();
      waitingForPage.current = from;
      if (!isFetchingNextPage) void fetchNextPage(joinInFlight);
    }
  };

  // In the browser the virtualizer writes the list's height and each row's position itself. A page
  // rendered on the web server has the height in its markup, and its rows (the first ones) one
  // below the other: their heights are not measured there, and may not be the estimates.
  return (
    <ol
      ref={(node) => {
        listRef.current = node;
        virtualizer.containerRef(node);
      }}
      className={styles.virtual}
      style={onServer ? { height: virtualizer.getTotalSize() } : undefined}
      aria-label="Transaction history"
      data-testid="history-list"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
        focusedIndex.current = item ? Number(item.dataset.index) : null;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focusedIndex.current = null;
      }}
    >
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className={styles.virtualItem}
            style={onServer ? { position: 'static' } : undefined}
            data-testid="history-item"
          >
            <HistoryRow row={row} />
          </li>
        );
      })}
    </ol>
  );
}

const HistoryRow = memo(function HistoryRow({ row }: { row: HistoryRowModel }) {
  if (row.kind === 'date') {
    const date = new Date(row.timestamp);
    return (
      <div className={styles.dateLabel} data-testid="history-date">
        <h2 title={formatFullDateTime(date)}>
          <time dateTime={date.toISOString()}>{formatDayLabel(date)}</time>
        </h2>
      </div>
    );
  }
  const edges = `${row.first ? styles.groupStart : ''} ${row.last ? styles.groupEnd : ''}`;
  return (
    <div className={`${styles.historyRow} ${edges}`}>
      <TransactionRow entry={row.entry} from="history" />
    </div>
  );
});

/** Frames given to the page to grow tall enough for a saved scroll position (the list's height is set after its first render). */
const RESTORE_FRAMES = 60;

/**
 * Scrolls the window back to `top`, retrying on the next frames while the document is still too short
 * for it (the scroll would be clamped); stops early if the user scrolls meanwhile.
 */
function restoreScroll(top: number): () => void {
  let frame = 0;
  let handle = 0;
  let userScrolled = false;
  const onUserScroll = () => {
    userScrolled = true;
  };
  window.addEventListener('wheel', onUserScroll, { passive: true, once: true });
  window.addEventListener('touchstart', onUserScroll, { passive: true, once: true });
  const stop = () => {
    cancelAnimationFrame(handle);
    window.removeEventListener('wheel', onUserScroll);
    window.removeEventListener('touchstart', onUserScroll);
  };
  const attempt = () => {
    if (userScrolled) return stop();
    window.scrollTo({ top });
    if (Math.abs(window.scrollY - top) <= 1 || ++frame >= RESTORE_FRAMES) return stop();
    handle = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}

/** The list's top in the document (the virtualizer's scroll margin), kept up to date as the page above it changes. */
function useListOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setOffset(Math.round(element.getBoundingClientRect().top + window.scrollY));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}
