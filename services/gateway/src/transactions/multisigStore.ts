import { getAddress, type Address, type Hex } from 'viem';
import type { StoredSignature } from '../proposals/store';
import type { Queryable } from '../store';

export type MultisigRecord = {
  safe: Address;
  safeTxHash: Hex;
  to: Address;
  value: bigint;
  data: Hex | null;
  operation: number;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: number;
  proposer: Address | null;
  proposedByDelegate: Address | null;
  origin: string | null;
  submittedAtMs: number;
  modifiedAtMs: number;
  executedTxHash: Hex | null;
  executedAtMs: number | null;
  executor: Address | null;
  success: boolean | null;
  /** The refund the Safe paid per the SafeTx (ExecutionSuccess/ExecutionFailure); null until executed. */
  payment: bigint | null;
  /** Wei the executing transaction paid for gas, once read from its receipt (see details.ts). */
  fee: bigint | null;
  confirmationsRequired: number | null;
  confirmations: { owner: Address; signature: Hex | null; type: string; submittedAtMs: number }[];
  /** How many owners signed: the confirmations, or for an execution not read yet, what the Safe checked. */
  confirmationsSubmitted: number;
};

type MultisigRow = {
  safe: string;
  safe_tx_hash: Hex;
  to_address: string;
  value: string;
  data: Hex | null;
  operation: number;
  safe_tx_gas: string;
  base_gas: string;
  gas_price: string;
  gas_token: string;
  refund_receiver: string;
  nonce: string;
  proposer: string | null;
  proposed_by_delegate: string | null;
  origin: string | null;
  submitted_at_ms: string;
  modified_at_ms: string;
  executed_tx_hash: Hex | null;
  executed_at_ms: string | null;
  executor: string | null;
  success: boolean | null;
  payment: string | null;
  fee: string | null;
  confirmations_required: number | null;
  signers_pending: boolean;
};

const multisigColumns = `safe, safe_tx_hash, to_address, value, data, operation, safe_tx_gas, base_gas, gas_price, gas_token,
  refund_receiver, nonce, proposer, proposed_by_delegate, origin, submitted_at_ms, modified_at_ms, executed_tx_hash,
  executed_at_ms, executor, success, payment, fee, confirmations_required,
  executed_signatures IS NOT NULL AS signers_pending`;

/** Multisig transactions with their confirmations, by safeTxHash. */
export async function loadMultisig(
  db: Queryable,
  chainId: string,
  hashes: readonly string[],
): Promise<Map<string, MultisigRecord>> {
  if (hashes.length === 0) return new Map();
  const rows = await db.query<MultisigRow>(
    `SELECT ${multisigColumns} FROM multisig_transactions WHERE chain_id = $1 AND safe_tx_hash = ANY($2)`,
    [chainId, hashes],
  );
  const confirmations = await db.query<{
    safe_tx_hash: string;
    owner: string;
    signature: Hex | null;
    signature_type: string;
    submitted_at_ms: string;
  }>(
    `SELECT safe_tx_hash, owner, signature, signature_type, submitted_at_ms FROM confirmations
     WHERE chain_id = $1 AND safe_tx_hash = ANY($2) ORDER BY submitted_at_ms, owner`,
    [chainId, hashes],
  );
  const records = new Map<string, MultisigRecord>();
  const pendingSigners = new Set<string>();
  for (const row of rows) {
    records.set(row.safe_tx_hash, {
      safe: getAddress(row.safe),
      safeTxHash: row.safe_tx_hash,
      to: getAddress(row.to_address),
      value: BigInt(row.value),
      data: row.data,
      operation: row.operation,
      safeTxGas: BigInt(row.safe_tx_gas),
      baseGas: BigInt(row.base_gas),
      gasPrice: BigInt(row.gas_price),
      gasToken: getAddress(row.gas_token),
      refundReceiver: getAddress(row.refund_receiver),
      nonce: Number(row.nonce),
      proposer: row.proposer ? getAddress(row.proposer) : null,
      proposedByDelegate: row.proposed_by_delegate ? getAddress(row.proposed_by_delegate) : null,
      origin: row.origin,
      submittedAtMs: Number(row.submitted_at_ms),
      modifiedAtMs: Number(row.modified_at_ms),
      executedTxHash: row.executed_tx_hash,
      executedAtMs: row.executed_at_ms === null ? null : Number(row.executed_at_ms),
      executor: row.executor ? getAddress(row.executor) : null,
      success: row.success,
      payment: row.payment === null ? null : BigInt(row.payment),
      fee: row.fee === null ? null : BigInt(row.fee),
      confirmationsRequired: row.confirmations_required,
      confirmations: [],
      confirmationsSubmitted: 0,
    });
    if (row.signers_pending) pendingSigners.add(row.safe_tx_hash);
  }
  for (const c of confirmations) {
    records.get(c.safe_tx_hash)?.confirmations.push({
      owner: getAddress(c.owner),
      signature: c.signature,
      type: c.signature_type,
      submittedAtMs: Number(c.submitted_at_ms),
    });
  }
  for (const [hash, record] of records) {
    // An execution whose signers are not recovered yet: the Safe checked exactly `threshold` signatures.
    record.confirmationsSubmitted = pendingSigners.has(hash)
      ? Math.max(record.confirmations.length, record.confirmationsRequired ?? 0)
      : record.confirmations.length;
  }
  return records;
}

/**
 * The safeTxHashes of a Safe's multisig transactions, newest nonce first, one more than the window's
 * limit when there are more. `executed` and `nonce` filter when given.
 */
export async function listMultisigHashes(
  db: Queryable,
  chainId: string,
  safe: Address,
  filter: { executed?: boolean; nonce?: string; limit: number; offset: number },
): Promise<string[]> {
  const rows = await db.query<{ safe_tx_hash: string }>(
    `SELECT safe_tx_hash FROM multisig_transactions
     WHERE chain_id = $1 AND safe = $2 AND ($3::boolean IS NULL OR (executed_block IS NOT NULL) = $3)
       AND ($4::bigint IS NULL OR nonce = $4)
     ORDER BY nonce DESC, submitted_at_ms DESC LIMIT $5 OFFSET $6`,
    [chainId, safe, filter.executed ?? null, filter.nonce ?? null, filter.limit + 1, filter.offset],
  );
  return rows.map((row) => row.safe_tx_hash);
}

/** A proposal in the queue: its hash and nonce. */
export type QueuedRow = { safe_tx_hash: string; nonce: string };

const queuedFilter = 'chain_id = $1 AND safe = $2 AND executed_block IS NULL AND nonce >= $3';

/** How many proposals wait with a nonce from `fromNonce` on (the Safe's: earlier ones can never execute). */
async function countQueued(
  db: Queryable,
  chainId: string,
  safe: Address,
  fromNonce: number,
): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    `SELECT COUNT(*) AS n FROM multisig_transactions WHERE ${queuedFilter}`,
    [chainId, safe, fromNonce],
  );
  return Number(row?.n ?? 0);
}

/**
 * A window of the waiting proposals, by nonce, then by submission, and how many wait in all: one
 * query (the count rides on each row), a second only for a window past the end.
 */
export async function listQueued(
  db: Queryable,
  chainId: string,
  safe: Address,
  window: { fromNonce: number; limit: number; offset: number },
): Promise<{ rows: QueuedRow[]; total: number }> {
  const rows = await db.query<QueuedRow & { total: string }>(
    `SELECT safe_tx_hash, nonce, COUNT(*) OVER () AS total FROM multisig_transactions WHERE ${queuedFilter}
     ORDER BY nonce, submitted_at_ms, safe_tx_hash LIMIT $4 OFFSET $5`,
    [chainId, safe, window.fromNonce, window.limit, window.offset],
  );
  const [first] = rows;
  const total = first
    ? Number(first.total)
    : window.offset > 0
      ? await countQueued(db, chainId, safe, window.fromNonce)
      : 0;
  return { rows: rows.map(({ safe_tx_hash, nonce }) => ({ safe_tx_hash, nonce })), total };
}

/** Keeps what an execution paid for gas, read once from its receipt; only for that execution. */
export async function saveExecutionFee(
  db: Queryable,
  chainId: string,
  record: Pick<MultisigRecord, 'safeTxHash' | 'executedTxHash'>,
  fee: bigint,
): Promise<void> {
  await db.query(
    'UPDATE multisig_transactions SET fee = $4 WHERE chain_id = $1 AND safe_tx_hash = $2 AND executed_tx_hash = $3',
    [chainId, record.safeTxHash, record.executedTxHash, fee.toString()],
  );
}

/** The other transactions of the Safe at the same nonce as `record`. */
export async function sameNonceHashes(
  db: Queryable,
  chainId: string,
  record: Pick<MultisigRecord, 'safe' | 'nonce' | 'safeTxHash'>,
): Promise<string[]> {
  const rows = await db.query<{ safe_tx_hash: string }>(
    `SELECT safe_tx_hash FROM multisig_transactions WHERE chain_id = $1 AND safe = $2 AND nonce = $3 AND safe_tx_hash <> $4`,
    [chainId, record.safe, record.nonce, record.safeTxHash],
  );
  return rows.map((row) => row.safe_tx_hash);
}

/** An execution the indexer stored with the raw signatures it carried, its signers not known yet. */
export type UnrecoveredExecution = {
  safeTxHash: Hex;
  signatures: Hex;
  confirmationsRequired: number;
  block: string;
  executedAtMs: string;
};

/** Those among `safeTxHashes` whose signers are still to be recovered. */
export async function loadUnrecoveredExecutions(
  db: Queryable,
  chainId: string,
  safeTxHashes: readonly string[],
): Promise<UnrecoveredExecution[]> {
  if (safeTxHashes.length === 0) return [];
  const rows = await db.query<{
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
  return rows.map((row) => ({
    safeTxHash: row.safe_tx_hash,
    signatures: row.executed_signatures,
    confirmationsRequired: row.confirmations_required,
    block: row.executed_block,
    executedAtMs: row.executed_at_ms,
  }));
}

/**
 * Keeps an execution's recovered signers as confirmations from the chain, and drops its raw
 * signatures so that they are not recovered again.
 */
export async function storeChainSigners(
  db: Queryable,
  chainId: string,
  execution: Pick<UnrecoveredExecution, 'safeTxHash' | 'block' | 'executedAtMs'>,
  signers: readonly StoredSignature[],
): Promise<void> {
  for (const s of signers) {
    await db.query(
      `INSERT INTO confirmations (chain_id, safe_tx_hash, owner, signature, signature_type, source, block_number, submitted_at_ms)
       VALUES ($1, $2, $3, $4, $5, 'chain', $6, $7) ON CONFLICT (chain_id, safe_tx_hash, owner) DO NOTHING`,
      [chainId, execution.safeTxHash, s.owner, s.signature, s.type, execution.block, execution.executedAtMs],
    );
  }
  await db.query(
    'UPDATE multisig_transactions SET executed_signatures = NULL WHERE chain_id = $1 AND safe_tx_hash = $2',
    [chainId, execution.safeTxHash],
  );
}
