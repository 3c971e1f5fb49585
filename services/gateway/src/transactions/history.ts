import type { TransactionListItem, TransactionSummary } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { invalidParam } from '../http/errors';
import type { PageWindow } from '../http/paging';
import type { SafeAppCatalogue } from '../safeApps';
import type { Queryable } from '../store';
import { summaryContext, type SafeNow } from './summaries/context';
import { creationSummary } from './summaries/creation';
import { moduleSummary } from './summaries/module';
import { multisigSummary } from './summaries/multisig';
import { transferSummary } from './summaries/transfer';
import { unrecoveredSummary } from './summaries/unrecovered';
import { loadUnrecovered } from './unrecoveredStore';
import { loadModuleTransactions } from './moduleStore';
import { loadMultisig } from './multisigStore';
import { loadTransfers } from './transferStore';
import { historyEnds, historyRows, type HistoryRow } from './historyStore';

/** How history days are cut: an IANA zone, or a fixed offset in milliseconds (UTC by default). */
export type DayZone = { timeZone: string } | { offsetMs: number };

export function parseDayZone(timezone: string | undefined, timezoneOffset: string | undefined): DayZone {
  if (timezone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-CA', { timeZone: timezone });
    } catch {
      throw invalidParam('timezone', 'Invalid Timezone');
    }
    return { timeZone: timezone };
  }
  const offsetMs = timezoneOffset === undefined ? 0 : Number(timezoneOffset);
  if (!Number.isInteger(offsetMs)) throw invalidParam('timezone_offset', 'Invalid timezone offset');
  return { offsetMs };
}

function dayOf(timestampMs: number, zone: DayZone): string {
  if ('timeZone' in zone) {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: zone.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(timestampMs);
  }
  return String(Math.floor((timestampMs + zone.offsetMs) / 86_400_000));
}

/**
 * One page of a Safe's history, newest first. Items are found by their position in the Safe's
 * sequence (all items, or only trusted ones), so a page costs the same at any depth. Without
 * `imitations`, transfers the indexer flagged as address poisoning are left out of the page, as the
 * real gateway does: the page is shorter, the count and the links stay those of the sequence.
 */
export async function historyPage(
  db: Queryable,
  params: {
    chainId: string;
    safe: Address;
    window: PageWindow;
    trusted: boolean;
    imitations: boolean;
    zone: DayZone;
    safeNow: () => Promise<SafeNow>;
    safeApps: SafeAppCatalogue;
    /** The gateway's public origin, for token icons. */
    publicOrigin: string;
  },
): Promise<{ items: TransactionListItem[]; total: number }> {
  const { chainId, safe, window } = params;
  const ends = await historyEnds(db, chainId, safe, params.trusted);
  const total = ends ? ends.last - ends.first + 1 : 0;
  // Newest first: offset k is position last-k. One more item before the window tells whether the
  // first day on this page continues the previous page's last one.
  const newest = (ends?.last ?? -1) - window.offset + (window.offset > 0 ? 1 : 0);
  const oldest = (ends?.last ?? -1) - window.offset - window.limit + 1;
  const rows =
    !ends || newest < ends.first
      ? []
      : await historyRows(db, chainId, safe, {
          trusted: params.trusted,
          from: Math.max(oldest, ends.first),
          to: newest,
        });
  const previous = window.offset > 0 ? rows.shift() : undefined;

  const shown = params.imitations ? rows : rows.filter((row) => !row.imitation);
  const summaries = await summarise(db, params, shown);
  const items: TransactionListItem[] = [];
  const previousTimestamp = previous ? Number(previous.timestamp_ms) : undefined;
  let lastDay: string | undefined;
  for (const summary of summaries) {
    if (!summary) continue;
    const day = dayOf(summary.timestamp, params.zone);
    // Each day group opens with a label stamped with its newest item. The page's first group goes
    // without one only when it continues the previous page at the very same timestamp.
    const opensPage = lastDay === undefined;
    if (opensPage ? summary.timestamp !== previousTimestamp : day !== lastDay) {
      items.push({ type: 'DATE_LABEL', timestamp: summary.timestamp });
    }
    lastDay = day;
    items.push({ type: 'TRANSACTION', transaction: summary, conflictType: 'None' });
  }
  return { items, total };
}

async function summarise(
  db: Queryable,
  params: {
    chainId: string;
    safe: Address;
    safeNow: () => Promise<SafeNow>;
    safeApps: SafeAppCatalogue;
    publicOrigin: string;
  },
  rows: HistoryRow[],
): Promise<(TransactionSummary | undefined)[]> {
  const refs = (kind: HistoryRow['kind']) => rows.filter((r) => r.kind === kind).map((r) => r.ref_id);
  const [multisig, modules, transfers, creation, unrecovered] = await Promise.all([
    loadMultisig(db, params.chainId, refs('multisig')),
    refs('module').length > 0 ? loadModuleTransactions(db, params.chainId, { ids: refs('module') }) : [],
    loadTransfers(db, params.chainId, params.safe, refs('transfer')),
    refs('creation').length > 0 ? creationSummary(db, params.chainId, params.safe) : null,
    refs('unrecovered').length > 0 ? loadUnrecovered(db, params.chainId, { ids: refs('unrecovered') }) : [],
  ]);
  const unrecoveredById = new Map(unrecovered.map((u) => [u.id, u]));
  const [safeNow, context] = await Promise.all([
    multisig.size > 0 ? params.safeNow() : { nonce: 0, threshold: 0, owners: [] },
    summaryContext(
      db,
      params.chainId,
      params.safeApps,
      [
        ...[...multisig.values(), ...modules].map((record) => record.to),
        ...transfers.flatMap((transfer) => transfer.tokenAddress ?? []),
      ],
      params.publicOrigin,
    ),
  ]);
  const moduleById = new Map(modules.map((m) => [m.id, m]));
  const transferById = new Map(transfers.map((t) => [t.id, t]));
  return rows.map((row) => {
    switch (row.kind) {
      case 'multisig': {
        const record = multisig.get(row.ref_id);
        return record && multisigSummary(record, safeNow, context);
      }
      case 'module': {
        const record = moduleById.get(row.ref_id);
        return record && moduleSummary(record, context);
      }
      case 'transfer': {
        const record = transferById.get(row.ref_id);
        return record && transferSummary(record, context, row.imitation);
      }
      case 'creation':
        return creation ?? undefined;
      case 'unrecovered': {
        const record = unrecoveredById.get(row.ref_id);
        return record && unrecoveredSummary(record);
      }
    }
  });
}
