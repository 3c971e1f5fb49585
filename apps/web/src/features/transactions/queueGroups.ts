import type { TransactionItem, TransactionListEntry, UnreadableItem } from '@countersign/gateway-api';

/** A transaction of the queue, or an entry in its place that could not be read. */
export type QueueEntry = TransactionItem | UnreadableItem;

/**
 * The queue as it is shown: the gateway's labels (Next, Queued) as section headers, transactions on
 * their own, and the transactions that share a nonce grouped under one conflict header.
 */
export type QueueBlock =
  | { kind: 'label'; key: string; label: string }
  | { kind: 'conflict'; key: string; nonce: number; entries: QueueEntry[] }
  | { kind: 'single'; key: string; entry: QueueEntry };

const nonceOf = (item: TransactionItem): number | null =>
  item.transaction.executionInfo?.type === 'MULTISIG' ? item.transaction.executionInfo.nonce : null;

/**
 * Groups the items of every loaded page (in order) as the gateway marked them. A CONFLICT_HEADER opens
 * a group; its transactions follow, each with `conflictType` HasNext while another one of the group
 * comes after it, and End for the last. A group that runs onto the next page continues there without
 * a header (its first item there is End, or HasNext). A transaction marked HasNext with no header
 * before it still opens a group, so a gateway that leaves headers out loses nothing.
 */
export function groupQueue(items: readonly TransactionListEntry[]): QueueBlock[] {
  const blocks: QueueBlock[] = [];
  let open: Extract<QueueBlock, { kind: 'conflict' }> | undefined;
  // Whether the open group's last transaction said another one follows.
  let expectMore = false;

  items.forEach((item, index) => {
    switch (item.type) {
      case 'LABEL':
        open = undefined;
        blocks.push({ kind: 'label', key: `label-${index}-${item.label}`, label: item.label });
        return;
      case 'CONFLICT_HEADER':
        open = { kind: 'conflict', key: `conflict-${item.nonce}-${index}`, nonce: item.nonce, entries: [] };
        expectMore = true;
        blocks.push(open);
        return;
      case 'DATE_LABEL':
        // Not part of a queue; ignored rather than shown as a day.
        return;
      case 'UNREADABLE':
        // Where a transaction of the open group was expected, it stays inside the group.
        if (open && expectMore) open.entries.push(item);
        else blocks.push({ kind: 'single', key: `unreadable-${index}`, entry: item });
        return;
      case 'TRANSACTION': {
        const nonce = nonceOf(item);
        const key = item.transaction.id;
        if (item.conflictType === 'None') {
          open = undefined;
          blocks.push({ kind: 'single', key, entry: item });
          return;
        }
        if (open && expectMore && (nonce === null || nonce === open.nonce)) {
          open.entries.push(item);
          expectMore = item.conflictType === 'HasNext';
          if (!expectMore) open = undefined;
          return;
        }
        if (item.conflictType === 'HasNext' && nonce !== null) {
          open = { kind: 'conflict', key: `conflict-${nonce}-${index}`, nonce, entries: [item] };
          expectMore = true;
          blocks.push(open);
          return;
        }
        open = undefined;
        blocks.push({ kind: 'single', key, entry: item });
        return;
      }
    }
  });
  return blocks;
}

/** The transactions of the queue, in order, whatever their grouping. */
export function queueTransactions(items: readonly TransactionListEntry[]): TransactionItem[] {
  return items.filter((item): item is TransactionItem => item.type === 'TRANSACTION');
}
