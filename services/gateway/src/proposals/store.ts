import type { SafeTx } from '@countersign/safe-core';
import type { Address, Hex } from 'viem';
import type { Database, Queryable } from '../store';

/** An owner's checked signature, as stored with its confirmation. */
export type StoredSignature = { owner: Address; signature: Hex; type: string };

/**
 * The nonces in [from, to] taken by a proposal still in the queue that someone vouches for: proposed
 * by a delegate, or confirmed by one of `owners`.
 */
export async function vouchedQueuedNonces(
  db: Queryable,
  chainId: string,
  safe: Address,
  range: { from: number; to: number; owners: readonly Address[] },
): Promise<Set<number>> {
  const rows = await db.query<{ nonce: string | number }>(
    `SELECT DISTINCT m.nonce FROM multisig_transactions m
      WHERE m.chain_id = $1 AND m.safe = $2 AND m.executed_at_ms IS NULL AND m.nonce >= $3 AND m.nonce <= $4
        AND (m.proposed_by_delegate IS NOT NULL OR EXISTS (
          SELECT 1 FROM confirmations c
           WHERE c.chain_id = m.chain_id AND c.safe_tx_hash = m.safe_tx_hash AND c.owner = ANY($5)))`,
    [chainId, safe, range.from, range.to, [...range.owners]],
  );
  return new Set(rows.map((row) => Number(row.nonce)));
}

/** Adds confirmations not stored yet; the transaction's modified time moves when one is new. */
async function insertConfirmations(
  sql: Queryable,
  chainId: string,
  safeTxHash: Hex,
  signatures: readonly StoredSignature[],
  now: number,
): Promise<void> {
  for (const signature of signatures) {
    const inserted = await sql.query(
      `INSERT INTO confirmations (chain_id, safe_tx_hash, owner, signature, signature_type, source, submitted_at_ms)
       VALUES ($1, $2, $3, $4, $5, 'api', $6) ON CONFLICT (chain_id, safe_tx_hash, owner) DO NOTHING RETURNING owner`,
      [chainId, safeTxHash, signature.owner, signature.signature, signature.type, now],
    );
    if (inserted.length > 0) {
      await sql.query(
        'UPDATE multisig_transactions SET modified_at_ms = $3 WHERE chain_id = $1 AND safe_tx_hash = $2',
        [chainId, safeTxHash, now],
      );
    }
  }
}

export function storeConfirmations(
  db: Database,
  chainId: string,
  safeTxHash: Hex,
  signatures: readonly StoredSignature[],
): Promise<void> {
  return db.transaction((sql) => insertConfirmations(sql, chainId, safeTxHash, signatures, Date.now()));
}

export type Proposal = {
  chainId: string;
  safe: Address;
  safeTxHash: Hex;
  tx: SafeTx;
  proposer: Address;
  /** The proposer, when it proposed as a delegate rather than as an owner. */
  delegate: Address | null;
  origin: string | null;
  /** The Safe's threshold when proposed. */
  confirmationsRequired: number;
  signatures: readonly StoredSignature[];
};

/**
 * Stores a proposal with its owners' confirmations. Proposed again, it keeps what it had: its first
 * proposer, delegate and origin.
 */
export function storeProposal(db: Database, proposal: Proposal): Promise<void> {
  const { chainId, safe, safeTxHash, tx } = proposal;
  const now = Date.now();
  return db.transaction(async (sql) => {
    await sql.query(
      `INSERT INTO multisig_transactions (chain_id, safe, safe_tx_hash, to_address, value, data, operation, safe_tx_gas,
         base_gas, gas_price, gas_token, refund_receiver, nonce, proposed, proposer, proposed_by_delegate, origin,
         submitted_at_ms, modified_at_ms, confirmations_required)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, true, $14, $15, $16, $17, $17, $18)
       ON CONFLICT (chain_id, safe_tx_hash) DO UPDATE SET proposed = true,
         proposer = COALESCE(multisig_transactions.proposer, EXCLUDED.proposer),
         proposed_by_delegate = COALESCE(multisig_transactions.proposed_by_delegate, EXCLUDED.proposed_by_delegate),
         origin = COALESCE(multisig_transactions.origin, EXCLUDED.origin)`,
      [
        chainId,
        safe,
        safeTxHash,
        tx.to,
        tx.value.toString(),
        tx.data === '0x' ? null : tx.data,
        tx.operation,
        tx.safeTxGas.toString(),
        tx.baseGas.toString(),
        tx.gasPrice.toString(),
        tx.gasToken,
        tx.refundReceiver,
        tx.nonce.toString(),
        proposal.proposer,
        proposal.delegate,
        proposal.origin,
        now,
        proposal.confirmationsRequired,
      ],
    );
    await insertConfirmations(sql, chainId, safeTxHash, proposal.signatures, now);
  });
}

export async function deleteProposal(db: Queryable, chainId: string, safeTxHash: Hex): Promise<void> {
  await db.query('DELETE FROM multisig_transactions WHERE chain_id = $1 AND safe_tx_hash = $2', [
    chainId,
    safeTxHash,
  ]);
}
