import { describe, expect, it } from 'vitest';
import type { TransactionListEntry } from '@countersign/gateway-api';
import { groupQueue, queueTransactions, type QueueBlock } from './queueGroups';
import { queued } from './testFixtures';

/** The blocks as short strings: "label Next", "single 8", "conflict 9: 9,9". */
function shape(blocks: QueueBlock[]): string[] {
  const nonceOf = (entry: TransactionListEntry) =>
    entry.type === 'TRANSACTION' && entry.transaction.executionInfo?.type === 'MULTISIG'
      ? String(entry.transaction.executionInfo.nonce)
      : entry.type;
  return blocks.map((block) => {
    switch (block.kind) {
      case 'label':
        return `label ${block.label}`;
      case 'single':
        return `single ${nonceOf(block.entry)}`;
      case 'conflict':
        return `conflict ${block.nonce}: ${block.entries.map(nonceOf).join(',')}`;
    }
  });
}

const unreadable: TransactionListEntry = { type: 'UNREADABLE', raw: { type: 'TRANSACTION' }, issues: 'x' };

describe('groupQueue', () => {
  it('reads the gateway’s layout: labels, a single transaction, a conflict header with HasNext/End', () => {
    const items: TransactionListEntry[] = [
      { type: 'LABEL', label: 'Next' },
      queued(5),
      { type: 'LABEL', label: 'Queued' },
      { type: 'CONFLICT_HEADER', nonce: 6 },
      queued(6, 'HasNext'),
      queued(6, 'End'),
      queued(7),
    ];
    expect(shape(groupQueue(items))).toEqual([
      'label Next',
      'single 5',
      'label Queued',
      'conflict 6: 6,6',
      'single 7',
    ]);
  });

  it('keeps three transactions of one nonce together until the one marked End', () => {
    const items: TransactionListEntry[] = [
      { type: 'CONFLICT_HEADER', nonce: 9 },
      queued(9, 'HasNext'),
      queued(9, 'HasNext'),
      queued(9, 'End'),
      { type: 'CONFLICT_HEADER', nonce: 10 },
      queued(10, 'HasNext'),
      queued(10, 'End'),
    ];
    expect(shape(groupQueue(items))).toEqual(['conflict 9: 9,9,9', 'conflict 10: 10,10']);
  });

  it('continues a group that runs onto the next page, where it has no header', () => {
    // Page 1 ends inside the group (its last item says HasNext); page 2 goes on without a header.
    const page1: TransactionListEntry[] = [
      { type: 'LABEL', label: 'Queued' },
      { type: 'CONFLICT_HEADER', nonce: 12 },
      queued(12, 'HasNext'),
      queued(12, 'HasNext'),
    ];
    const page2: TransactionListEntry[] = [queued(12, 'End'), queued(13)];
    expect(shape(groupQueue([...page1, ...page2]))).toEqual([
      'label Queued',
      'conflict 12: 12,12,12',
      'single 13',
    ]);
    const page2b: TransactionListEntry[] = [queued(12, 'HasNext'), queued(12, 'End'), queued(13)];
    expect(shape(groupQueue([...page1, ...page2b]))).toEqual([
      'label Queued',
      'conflict 12: 12,12,12,12',
      'single 13',
    ]);
  });

  it('groups transactions marked HasNext even when the gateway sent no header', () => {
    const items: TransactionListEntry[] = [queued(4, 'HasNext'), queued(4, 'End'), queued(5)];
    expect(shape(groupQueue(items))).toEqual(['conflict 4: 4,4', 'single 5']);
  });

  it('does not let a group swallow a transaction of another nonce, or one marked None', () => {
    const items: TransactionListEntry[] = [
      { type: 'CONFLICT_HEADER', nonce: 3 },
      queued(3, 'HasNext'),
      queued(4, 'End'),
      queued(5, 'None'),
    ];
    expect(shape(groupQueue(items))).toEqual(['conflict 3: 3', 'single 4', 'single 5']);
  });

  it('keeps an unreadable entry where it came: inside an open group, else on its own', () => {
    const items: TransactionListEntry[] = [
      { type: 'CONFLICT_HEADER', nonce: 2 },
      queued(2, 'HasNext'),
      unreadable,
      queued(2, 'End'),
      unreadable,
      { type: 'DATE_LABEL', timestamp: 0 },
    ];
    expect(shape(groupQueue(items))).toEqual(['conflict 2: 2,UNREADABLE,2', 'single UNREADABLE']);
  });

  it('lists the transactions whatever their grouping', () => {
    const items: TransactionListEntry[] = [
      { type: 'LABEL', label: 'Next' },
      queued(1),
      { type: 'CONFLICT_HEADER', nonce: 2 },
      queued(2, 'HasNext'),
      queued(2, 'End'),
      unreadable,
    ];
    expect(queueTransactions(items)).toHaveLength(3);
  });
});
