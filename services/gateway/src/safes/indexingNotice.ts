import type { SafeInfo } from '@countersign/gateway-api';
import type { Address } from 'viem';
import type { Queryable } from '../store';

/** Whether the indexer set the Safe aside (see indexer/prepareRange), for its pages to say so. */
export async function readIndexingStopped(
  db: Queryable,
  chainId: string,
  safe: Address,
): Promise<SafeInfo['indexingStopped']> {
  const [row] = await db.query<{
    set_aside_reason: string;
    set_aside_block: string;
    set_aside_tx_hash: string | null;
  }>(
    `SELECT set_aside_reason, set_aside_block, set_aside_tx_hash FROM safes
     WHERE chain_id = $1 AND address = $2 AND set_aside_reason IS NOT NULL`,
    [chainId, safe],
  );
  return row
    ? {
        blockNumber: Number(row.set_aside_block),
        transactionHash: row.set_aside_tx_hash,
        reason: row.set_aside_reason,
      }
    : undefined;
}
