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

/**
 * The positions of the Safe's oldest and newest items (trusted ones only, or all), if it has any.
 * They are gap-free in between; the oldest goes below zero when its past was read newest first.
 */
export async function historyEnds(
  db: Queryable,
  chainId: string,
  safe: Address,
  trusted: boolean,
): Promise<{ first: number; last: number } | undefined> {
  const column = positionColumn(trusted);
  const [row] = await db.query<{ first: string | null; last: string | null }>(
    `SELECT MIN(${column}) AS first, MAX(${column}) AS last FROM history_items WHERE chain_id = $1 AND safe = $2`,
    [chainId, safe],
  );
  return row === undefined || row.first === null || row.last === null
    ? undefined
    : { first: Number(row.first), last: Number(row.last) };
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
