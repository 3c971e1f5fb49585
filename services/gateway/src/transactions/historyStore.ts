import type { Address } from 'viem';
import type { Queryable } from '../store';

/** An item of a Safe's history, as the indexer numbered it: what kind, which record, when. */
export type HistoryRow = {
  kind: 'creation' | 'multisig' | 'module' | 'transfer' | 'unrecovered';
  ref_id: string;
  timestamp_ms: string;
  imitation: boolean;
};

/** The history counts positions twice: over every item, and over the trusted ones only. */
const positionColumn = (trusted: boolean) => (trusted ? 'trusted_position' : 'position');

/** How many items the Safe's history has (trusted ones only, or all). */
export async function historyLength(
  db: Queryable,
  chainId: string,
  safe: Address,
  trusted: boolean,
): Promise<number> {
  const [row] = await db.query<{ last: string | null }>(
    `SELECT MAX(${positionColumn(trusted)}) AS last FROM history_items WHERE chain_id = $1 AND safe = $2`,
    [chainId, safe],
  );
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** The items at positions `from` to `to`, newest first. */
export async function historyRows(
  db: Queryable,
  chainId: string,
  safe: Address,
  range: { trusted: boolean; from: number; to: number },
): Promise<HistoryRow[]> {
  const column = positionColumn(range.trusted);
  return db.query<HistoryRow>(
    `SELECT kind, ref_id, timestamp_ms, imitation FROM history_items
     WHERE chain_id = $1 AND safe = $2 AND ${column} BETWEEN $3 AND $4 ORDER BY ${column} DESC`,
    [chainId, safe, range.from, range.to],
  );
}
