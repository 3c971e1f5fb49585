import type { Queryable } from '../store';

/**
 * Moves the history revision of these Safes (see migration 014): their history items changed, which
 * their tag, in seconds, may not show.
 */
export async function countHistoryWrite(tx: Queryable, chainId: string, safes: readonly string[]) {
  if (safes.length === 0) return;
  await tx.query(
    'UPDATE safes SET history_revision = history_revision + 1 WHERE chain_id = $1 AND address = ANY($2)',
    [chainId, [...new Set(safes)]],
  );
}
