import { getAddress, type Address, type Hex } from 'viem';
import type { Queryable } from '../store';

export type ModuleRecord = {
  id: string;
  safe: Address;
  module: Address;
  to: Address;
  value: bigint;
  data: Hex | null;
  operation: number;
  success: boolean;
  txHash: Hex;
  executedAtMs: number;
};

/** Which of a Safe's module transactions: by module, target or transaction hash when given. */
export type ModuleFilter = { safe: Address; module?: Address; to?: Address; txHash?: string };

export async function loadModuleTransactions(
  db: Queryable,
  chainId: string,
  where: { ids: readonly string[] } | (ModuleFilter & { limit: number; offset: number }),
): Promise<ModuleRecord[]> {
  const rows =
    'ids' in where
      ? await db.query<ModuleRow>(
          `SELECT ${moduleColumns} FROM module_transactions WHERE chain_id = $1 AND id = ANY($2)`,
          [chainId, where.ids],
        )
      : await db.query<ModuleRow>(
          `SELECT ${moduleColumns} FROM module_transactions
           WHERE chain_id = $1 AND safe = $2 AND ($3::text IS NULL OR module = $3) AND ($4::text IS NULL OR to_address = $4)
             AND ($5::text IS NULL OR tx_hash = $5)
           ORDER BY block_number DESC, log_index DESC LIMIT $6 OFFSET $7`,
          [
            chainId,
            where.safe,
            where.module ?? null,
            where.to ?? null,
            where.txHash ?? null,
            where.limit,
            where.offset,
          ],
        );
  return rows.map((row) => ({
    id: row.id,
    safe: getAddress(row.safe),
    module: getAddress(row.module),
    to: getAddress(row.to_address),
    value: BigInt(row.value),
    data: row.data,
    operation: row.operation,
    success: row.success,
    txHash: row.tx_hash,
    executedAtMs: Number(row.executed_at_ms),
  }));
}
type ModuleRow = {
  id: string;
  safe: string;
  module: string;
  to_address: string;
  value: string;
  data: Hex | null;
  operation: number;
  success: boolean;
  tx_hash: Hex;
  executed_at_ms: string;
};
const moduleColumns =
  'id, safe, module, to_address, value, data, operation, success, tx_hash, executed_at_ms';

export async function countModuleTransactions(
  db: Queryable,
  chainId: string,
  where: ModuleFilter,
): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    `SELECT COUNT(*) AS n FROM module_transactions WHERE chain_id = $1 AND safe = $2 AND ($3::text IS NULL OR module = $3)
       AND ($4::text IS NULL OR to_address = $4) AND ($5::text IS NULL OR tx_hash = $5)`,
    [chainId, where.safe, where.module ?? null, where.to ?? null, where.txHash ?? null],
  );
  return Number(row?.n ?? 0);
}
