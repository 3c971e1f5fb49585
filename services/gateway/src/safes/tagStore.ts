import type { Address } from 'viem';
import type { Queryable } from '../store';

/** When each part of a Safe last changed, in milliseconds (as the database returns them), if ever. */
export type SafeChangeTimes = {
  history: string | null;
  collectibles: string | null;
  queued: string | null;
  messages: string | null;
  /** How many times the indexer wrote the Safe's history (see migration 014). */
  historyRevision: string | null;
};

/**
 * The queue counts only transactions at `nonce` or later: older ones can no longer be executed. The
 * history changes with its newest item, and whenever its past, read newest first, reaches further.
 */
export async function loadSafeChangeTimes(
  db: Queryable,
  chainId: string,
  safe: Address,
  nonce: number,
): Promise<SafeChangeTimes> {
  const [row] = await db.query<SafeChangeTimes>(
    `SELECT
       GREATEST(
         (SELECT timestamp_ms FROM history_items WHERE chain_id = $1 AND safe = $2 ORDER BY position DESC LIMIT 1),
         (SELECT backfill_written_ms FROM safes WHERE chain_id = $1 AND address = $2)
       ) AS history,
       (SELECT MAX(executed_at_ms) FROM transfers WHERE chain_id = $1 AND safe = $2 AND token_type = 'ERC721') AS collectibles,
       (SELECT MAX(modified_at_ms) FROM multisig_transactions
          WHERE chain_id = $1 AND safe = $2 AND executed_block IS NULL AND nonce >= $3) AS queued,
       (SELECT MAX(modified_at_ms) FROM messages WHERE chain_id = $1 AND safe = $2) AS messages,
       (SELECT history_revision FROM safes WHERE chain_id = $1 AND address = $2) AS "historyRevision"`,
    [chainId, safe, nonce],
  );
  return row ?? { history: null, collectibles: null, queued: null, messages: null, historyRevision: null };
}
