import type { TransactionListItem } from '@countersign/gateway-api';
import type { Address } from 'viem';
import type { PageWindow } from '../http/paging';
import type { SafeAppCatalogue } from '../safeApps';
import type { Queryable } from '../store';
import { listQueued, loadMultisig, type QueuedRow } from './multisigStore';
import { summaryContext, type SafeNow } from './summaries/context';
import { multisigSummary } from './summaries/multisig';

/**
 * One page of the queue: proposals not executed with a nonce the Safe has not used, by nonce, then by
 * submission. Items for the current nonce come after a "Next" label, later ones after "Queued";
 * several proposals for one nonce (a conflict) come after a CONFLICT_HEADER and carry conflictType.
 * The window reads one proposal on each side of the page to see groups that run across pages.
 */
export async function queuePage(
  db: Queryable,
  params: {
    chainId: string;
    safe: Address;
    window: PageWindow;
    safeNow: SafeNow;
    safeApps: SafeAppCatalogue;
    /** The gateway's public origin, for token icons. */
    publicOrigin: string;
  },
): Promise<{ items: TransactionListItem[]; total: number }> {
  const { chainId, safe, window, safeNow } = params;
  const before = window.offset > 0 ? 1 : 0;
  const { rows, total } = await listQueued(db, chainId, safe, {
    fromNonce: safeNow.nonce,
    limit: window.limit + before + 1,
    offset: window.offset - before,
  });
  const previous = before ? rows[0] : undefined;
  const page = rows.slice(before, before + window.limit);
  const following = rows[before + window.limit];
  const records = await loadMultisig(
    db,
    chainId,
    page.map((r) => r.safe_tx_hash),
  );
  const context = await summaryContext(
    db,
    chainId,
    params.safeApps,
    [...records.values()].map((record) => record.to),
    params.publicOrigin,
  );

  const groups: QueuedRow[][] = [];
  for (const row of page) {
    const last = groups.at(-1);
    if (last && last[0]?.nonce === row.nonce) last.push(row);
    else groups.push([row]);
  }

  const items: TransactionListItem[] = [];
  let lastProcessed = previous ? Number(previous.nonce) : -1;
  groups.forEach((group, index) => {
    const nonce = Number(group[0]?.nonce);
    if (lastProcessed < safeNow.nonce && nonce === safeNow.nonce)
      items.push({ type: 'LABEL', label: 'Next' });
    else if (lastProcessed <= safeNow.nonce && nonce > safeNow.nonce)
      items.push({ type: 'LABEL', label: 'Queued' });
    lastProcessed = nonce;
    const continuesFromPrevious = index === 0 && previous !== undefined && Number(previous.nonce) === nonce;
    const continuesOnNext =
      index === groups.length - 1 && following !== undefined && Number(following.nonce) === nonce;
    const hasConflicts = group.length > 1 || continuesOnNext;
    if (hasConflicts && !continuesFromPrevious) items.push({ type: 'CONFLICT_HEADER', nonce });
    group.forEach((row, position) => {
      const record = records.get(row.safe_tx_hash);
      if (!record) return;
      const isLast = position === group.length - 1;
      const conflictType =
        position === 0
          ? hasConflicts
            ? 'HasNext'
            : continuesFromPrevious
              ? 'End'
              : 'None'
          : isLast && !continuesOnNext
            ? 'End'
            : 'HasNext';
      items.push({
        type: 'TRANSACTION',
        transaction: multisigSummary(record, safeNow, context),
        conflictType,
      });
    });
  });
  return { items, total };
}
