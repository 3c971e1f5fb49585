import type { Address } from 'viem';
import type { Queryable } from '../store';

/** Whether `address` may propose for `safe`: a delegate of one of its current owners, for it or for all Safes. */
export async function isDelegateOf(
  db: Queryable,
  params: { chainId: string; safe: Address; address: Address; owners: readonly Address[] },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM delegates WHERE chain_id = $1 AND delegate = $2 AND (safe = $3 OR safe = '') AND delegator = ANY($4) LIMIT 1`,
    [params.chainId, params.address, params.safe, [...params.owners]],
  );
  return rows.length > 0;
}
