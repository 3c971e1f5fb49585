import { getAddress, type Address, type Hex } from 'viem';
import type { Queryable } from '../store';

/** An execution the indexer saw but could not prove the fields of (see indexer/recoverRange). */
export type UnrecoveredRecord = {
  id: string;
  safe: Address;
  kind: 'multisig' | 'module';
  safeTxHash: Hex | null;
  module: Address | null;
  sender: Address;
  success: boolean;
  reason: string;
  txHash: Hex;
  executedAtMs: number;
};

type Row = {
  id: string;
  safe: string;
  kind: string;
  safe_tx_hash: string | null;
  module: string | null;
  sender: string;
  success: boolean;
  reason: string;
  tx_hash: string;
  executed_at_ms: string;
};

export async function loadUnrecovered(
  db: Queryable,
  chainId: string,
  where: { ids: readonly string[] } | { safeTxHash: string },
): Promise<UnrecoveredRecord[]> {
  const rows =
    'ids' in where
      ? await db.query<Row>('SELECT * FROM unrecovered_executions WHERE chain_id = $1 AND id = ANY($2)', [
          chainId,
          where.ids,
        ])
      : await db.query<Row>(
          'SELECT * FROM unrecovered_executions WHERE chain_id = $1 AND safe_tx_hash = $2',
          [chainId, where.safeTxHash],
        );
  return rows.map((row) => ({
    id: row.id,
    safe: getAddress(row.safe),
    kind: row.kind === 'module' ? 'module' : 'multisig',
    safeTxHash: row.safe_tx_hash as Hex | null,
    module: row.module ? getAddress(row.module) : null,
    sender: getAddress(row.sender),
    success: row.success,
    reason: row.reason,
    txHash: row.tx_hash as Hex,
    executedAtMs: Number(row.executed_at_ms),
  }));
}
