import { recoverSafeSignatures } from '@countersign/safe-core';
import type { Hex } from 'viem';
import type { Queryable } from '../store';

/**
 * Recovers who signed executions the indexer stored with their raw signatures, and keeps them as
 * confirmations. The Safe already checked these signatures on chain, so only the signers' identity
 * is missing; it is worked out once, when somebody first asks.
 */
export async function recoverChainSigners(
  db: Queryable,
  chainId: string,
  safeTxHashes: readonly string[],
): Promise<void> {
  if (safeTxHashes.length === 0) return;
  const pending = await db.query<{
    safe_tx_hash: Hex;
    executed_signatures: Hex;
    confirmations_required: number;
    executed_block: string;
    executed_at_ms: string;
  }>(
    `SELECT safe_tx_hash, executed_signatures, confirmations_required, executed_block, executed_at_ms
     FROM multisig_transactions WHERE chain_id = $1 AND safe_tx_hash = ANY($2) AND executed_signatures IS NOT NULL`,
    [chainId, safeTxHashes],
  );
  for (const row of pending) {
    const signatures = await recoverSafeSignatures(
      row.safe_tx_hash,
      row.executed_signatures,
      row.confirmations_required,
    );
    for (const s of signatures) {
      await db.query(
        `INSERT INTO confirmations (chain_id, safe_tx_hash, owner, signature, signature_type, source, block_number, submitted_at_ms)
         VALUES ($1, $2, $3, $4, $5, 'chain', $6, $7) ON CONFLICT (chain_id, safe_tx_hash, owner) DO NOTHING`,
        [chainId, row.safe_tx_hash, s.owner, s.signature, s.type, row.executed_block, row.executed_at_ms],
      );
    }
    await db.query(
      'UPDATE multisig_transactions SET executed_signatures = NULL WHERE chain_id = $1 AND safe_tx_hash = $2',
      [chainId, row.safe_tx_hash],
    );
  }
}
