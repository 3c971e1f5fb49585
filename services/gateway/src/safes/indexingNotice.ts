import type { SafeInfo } from '@countersign/gateway-api';
import type { Address } from 'viem';
import type { Queryable } from '../store';

/** What the Safe's pages should say about how the indexer follows it. */
export type IndexingNotices = Pick<SafeInfo, 'indexingStopped' | 'historyCompleteFrom'>;

/**
 * Whether the indexer set the Safe aside (see indexer/prepareRange), and how far back its history is
 * complete while its past is still being read (see Indexer#backfill), for its pages to say so.
 */
export async function readIndexingNotices(
  db: Queryable,
  chainId: string,
  safe: Address,
): Promise<IndexingNotices> {
  const [row] = await db.query<{
    set_aside_reason: string | null;
    set_aside_block: string | null;
    set_aside_tx_hash: string | null;
    backfill_below: string | null;
    backfill_below_ms: string | null;
  }>(
    `SELECT set_aside_reason, set_aside_block, set_aside_tx_hash, backfill_below, backfill_below_ms FROM safes
     WHERE chain_id = $1 AND address = $2`,
    [chainId, safe],
  );
  const notices: IndexingNotices = {};
  if (row?.set_aside_reason && row.set_aside_block !== null)
    notices.indexingStopped = {
      blockNumber: Number(row.set_aside_block),
      transactionHash: row.set_aside_tx_hash,
      reason: row.set_aside_reason,
    };
  if (row?.backfill_below !== null && row?.backfill_below !== undefined)
    notices.historyCompleteFrom = {
      blockNumber: Number(row.backfill_below),
      timestamp: row.backfill_below_ms === null ? null : Number(row.backfill_below_ms),
    };
  return notices;
}
