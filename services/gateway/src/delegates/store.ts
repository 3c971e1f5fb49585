import type { Delegate } from '@countersign/gateway-api';
import { getAddress, type Address } from 'viem';
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

/** Filters of the delegates list; each one given narrows it. */
export type DelegateFilter = { safe?: Address; delegate?: Address; delegator?: Address; label?: string };

const delegateWhere = `chain_id = $1 AND ($2::text IS NULL OR safe = $2) AND ($3::text IS NULL OR delegate = $3)
  AND ($4::text IS NULL OR delegator = $4) AND ($5::text IS NULL OR label = $5)`;

/** A page of delegations, oldest first, with how many match in all. A delegation for every Safe has safe null. */
export async function listDelegates(
  db: Queryable,
  chainId: string,
  filter: DelegateFilter,
  window: { limit: number; offset: number },
): Promise<{ delegates: Delegate[]; total: number }> {
  const params = [
    chainId,
    filter.safe ?? null,
    filter.delegate ?? null,
    filter.delegator ?? null,
    filter.label ?? null,
  ];
  const [rows, countRows] = await Promise.all([
    db.query<{ safe: string; delegate: string; delegator: string; label: string }>(
      `SELECT safe, delegate, delegator, label FROM delegates WHERE ${delegateWhere} ORDER BY created_at_ms, delegate LIMIT $6 OFFSET $7`,
      [...params, window.limit, window.offset],
    ),
    db.query<{ n: string }>(`SELECT COUNT(*) AS n FROM delegates WHERE ${delegateWhere}`, params),
  ]);
  return {
    delegates: rows.map((row) => ({
      safe: row.safe === '' ? null : row.safe,
      delegate: row.delegate,
      delegator: row.delegator,
      label: row.label,
    })),
    total: Number(countRows[0]?.n ?? 0),
  };
}

/** Adds a delegation (for one Safe, or all with safe null); adding it again renames it. */
export async function storeDelegate(
  db: Queryable,
  chainId: string,
  delegation: { safe: Address | null; delegate: Address; delegator: Address; label: string },
): Promise<void> {
  await db.query(
    `INSERT INTO delegates (chain_id, safe, delegate, delegator, label, created_at_ms) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (chain_id, safe, delegate, delegator) DO UPDATE SET label = EXCLUDED.label`,
    [chainId, delegation.safe ?? '', delegation.delegate, delegation.delegator, delegation.label, Date.now()],
  );
}

/** The delegations of `delegate`, narrowed by delegator and Safe when given. */
export type DelegationsOf = { delegate: Address; delegator: Address | null; safe: Address | null };

export async function delegatorsOf(db: Queryable, chainId: string, which: DelegationsOf): Promise<Address[]> {
  const rows = await db.query<{ delegator: string }>(
    `SELECT delegator FROM delegates WHERE chain_id = $1 AND delegate = $2 AND ($3::text IS NULL OR delegator = $3)
       AND ($4::text IS NULL OR safe = $4)`,
    [chainId, which.delegate, which.delegator, which.safe],
  );
  return rows.map((row) => getAddress(row.delegator));
}

export async function deleteDelegations(db: Queryable, chainId: string, which: DelegationsOf): Promise<void> {
  await db.query(
    `DELETE FROM delegates WHERE chain_id = $1 AND delegate = $2 AND ($3::text IS NULL OR delegator = $3)
       AND ($4::text IS NULL OR safe = $4)`,
    [chainId, which.delegate, which.delegator, which.safe],
  );
}
