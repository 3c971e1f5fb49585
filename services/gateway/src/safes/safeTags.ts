import type { SafeInfo } from '@countersign/gateway-api';
import type { Address } from 'viem';
import type { Queryable } from '../store';

export type SafeTags = Pick<SafeInfo, 'collectiblesTag' | 'txQueuedTag' | 'txHistoryTag' | 'messagesTag'>;

const seconds = (ms: string | null) => (ms === null ? null : String(Math.floor(Number(ms) / 1000)));

/**
 * When the Safe's history, queue, collectibles and messages last changed (Unix seconds, as strings):
 * clients compare these to decide what to fetch again.
 */
export async function readSafeTags(
  db: Queryable,
  chainId: string,
  safe: Address,
  nonce: number,
): Promise<SafeTags> {
  const [row] = await db.query<{
    history: string | null;
    collectibles: string | null;
    queued: string | null;
    messages: string | null;
  }>(
    `SELECT
       (SELECT timestamp_ms FROM history_items WHERE chain_id = $1 AND safe = $2 ORDER BY position DESC LIMIT 1) AS history,
       (SELECT MAX(executed_at_ms) FROM transfers WHERE chain_id = $1 AND safe = $2 AND token_type = 'ERC721') AS collectibles,
       (SELECT MAX(modified_at_ms) FROM multisig_transactions
          WHERE chain_id = $1 AND safe = $2 AND executed_block IS NULL AND nonce >= $3) AS queued,
       (SELECT MAX(modified_at_ms) FROM messages WHERE chain_id = $1 AND safe = $2) AS messages`,
    [chainId, safe, nonce],
  );
  return {
    txHistoryTag: seconds(row?.history ?? null),
    collectiblesTag: seconds(row?.collectibles ?? null),
    txQueuedTag: seconds(row?.queued ?? null),
    messagesTag: seconds(row?.messages ?? null),
  };
}
