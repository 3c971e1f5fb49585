import type { Address } from 'viem';
import { insertRows, type Queryable } from '../store';
import type { BlockInfo } from './fetchRange';
import { countHistoryWrite } from './historyRevision';
import { flagImitations } from './imitation';
import type { HistoryEntry, PreparedRange } from './prepareRange';

export type TokenMetadata = {
  address: Address;
  type: 'ERC20' | 'ERC721';
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  trusted: boolean;
};

/** How many recent blocks the indexer remembers to find where a reorganisation forked. */
export const rememberedBlocks = 256n;

/** What one prepared block range adds to the store, besides where the indexer stands. */
export type RangeRecords = {
  chainId: string;
  prepared: PreparedRange;
  owners: Map<Address, readonly Address[]>;
  tokens: TokenMetadata[];
};

/**
 * Writes one prepared block range and moves the cursor, all in the caller's transaction, so a crash
 * leaves either the whole range or none of it.
 */
export async function applyRange(
  tx: Queryable,
  params: RangeRecords & { to: BlockInfo; blocks: BlockInfo[]; nowMs: number; head?: bigint },
): Promise<void> {
  const { chainId } = params;
  await applyRecords(tx, params);
  await insertRows(
    tx,
    'INSERT INTO indexed_blocks (chain_id, number, hash, parent_hash, timestamp_ms)',
    params.blocks.map((b) => [chainId, b.number, b.hash, b.parentHash, b.timestampMs]),
    `ON CONFLICT (chain_id, number) DO UPDATE SET hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash,
       timestamp_ms = EXCLUDED.timestamp_ms`,
  );
  await tx.query('DELETE FROM indexed_blocks WHERE chain_id = $1 AND number < $2', [
    chainId,
    (params.to.number - rememberedBlocks).toString(),
  ]);
  await tx.query(
    `INSERT INTO indexer_cursors (chain_id, block_number, block_hash, updated_at_ms, head_number)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash,
       updated_at_ms = EXCLUDED.updated_at_ms, head_number = EXCLUDED.head_number`,
    [chainId, params.to.number, params.to.hash, params.nowMs, (params.head ?? params.to.number).toString()],
  );
}

/**
 * Writes a prepared range's Safes, transactions, transfers, history, owners and tokens. A backfill
 * (blocks below everything stored for the Safes it reads, which the indexer follows from above)
 * writes only this, with `older`: its history goes before what is stored, not after.
 */
export async function applyRecords(tx: Queryable, params: RangeRecords, older = false): Promise<void> {
  const { chainId, prepared } = params;

  await insertRows(
    tx,
    `INSERT INTO safes (chain_id, address, singleton, factory, creator, creation_tx_hash, creation_block, created_at_ms, salt_nonce)`,
    prepared.creations.map((c) => [
      chainId,
      c.safe,
      c.singleton,
      c.factory,
      c.creator,
      c.txHash,
      c.blockNumber,
      c.timestampMs,
      c.saltNonce,
    ]),
    `ON CONFLICT (chain_id, address) DO UPDATE SET singleton = EXCLUDED.singleton, factory = EXCLUDED.factory,
       creator = EXCLUDED.creator, creation_tx_hash = EXCLUDED.creation_tx_hash,
       creation_block = EXCLUDED.creation_block, created_at_ms = EXCLUDED.created_at_ms,
       salt_nonce = EXCLUDED.salt_nonce`,
  );

  await insertRows(
    tx,
    `INSERT INTO multisig_transactions (chain_id, safe, safe_tx_hash, to_address, value, data, operation, safe_tx_gas,
       base_gas, gas_price, gas_token, refund_receiver, nonce, submitted_at_ms, modified_at_ms, executed_tx_hash,
       executed_block, executed_log_index, executed_at_ms, executor, success, payment, confirmations_required,
       executed_signatures)`,
    prepared.multisig.map((m) => [
      chainId,
      m.safe,
      m.safeTxHash,
      m.to,
      m.value.toString(),
      m.data,
      m.operation,
      m.safeTxGas.toString(),
      m.baseGas.toString(),
      m.gasPrice.toString(),
      m.gasToken,
      m.refundReceiver,
      m.nonce.toString(),
      m.timestampMs,
      m.timestampMs,
      m.txHash,
      m.blockNumber,
      m.logIndex,
      m.timestampMs,
      m.executor,
      m.success,
      m.payment.toString(),
      m.confirmationsRequired,
      m.signatures,
    ]),
    `ON CONFLICT (chain_id, safe_tx_hash) DO UPDATE SET executed_tx_hash = EXCLUDED.executed_tx_hash,
       executed_block = EXCLUDED.executed_block, executed_log_index = EXCLUDED.executed_log_index,
       executed_at_ms = EXCLUDED.executed_at_ms, executor = EXCLUDED.executor, success = EXCLUDED.success,
       payment = EXCLUDED.payment, fee = NULL, modified_at_ms = EXCLUDED.modified_at_ms,
       confirmations_required = EXCLUDED.confirmations_required, executed_signatures = EXCLUDED.executed_signatures`,
  );

  await insertRows(
    tx,
    `INSERT INTO module_transactions (chain_id, id, safe, module, to_address, value, data, operation, success, tx_hash,
       block_number, log_index, executed_at_ms)`,
    prepared.modules.map((m) => [
      chainId,
      m.id,
      m.safe,
      m.module,
      m.to,
      m.value.toString(),
      m.data,
      m.operation,
      m.success,
      m.txHash,
      m.blockNumber,
      m.logIndex,
      m.timestampMs,
    ]),
    'ON CONFLICT (chain_id, id) DO NOTHING',
  );

  await insertRows(
    tx,
    `INSERT INTO transfers (chain_id, id, safe, token_type, token_address, sender, recipient, value, token_id, tx_hash,
       block_number, log_index, executed_at_ms)`,
    prepared.transfers.map((t) => [
      chainId,
      t.id,
      t.safe,
      t.tokenType,
      t.tokenAddress,
      t.sender,
      t.recipient,
      t.value?.toString() ?? null,
      t.tokenId?.toString() ?? null,
      t.txHash,
      t.blockNumber,
      t.logIndex,
      t.timestampMs,
    ]),
    'ON CONFLICT (chain_id, safe, id) DO NOTHING',
  );

  await insertRows(
    tx,
    `INSERT INTO unrecovered_executions (chain_id, id, safe, kind, safe_tx_hash, module, sender, success, reason,
       tx_hash, block_number, log_index, executed_at_ms)`,
    prepared.unrecovered.map((u) => [
      chainId,
      u.id,
      u.safe,
      u.kind,
      u.safeTxHash,
      u.module,
      u.sender,
      u.success,
      u.reason,
      u.txHash,
      u.blockNumber,
      u.logIndex,
      u.timestampMs,
    ]),
    'ON CONFLICT (chain_id, id) DO NOTHING',
  );

  // A Safe set aside keeps what was stored before; it is not followed from here on.
  for (const aside of prepared.setAside) {
    await tx.query(
      `UPDATE safes SET set_aside_reason = $3, set_aside_block = $4, set_aside_tx_hash = $5
       WHERE chain_id = $1 AND address = $2 AND set_aside_reason IS NULL`,
      [chainId, aside.safe, aside.reason, aside.blockNumber.toString(), aside.txHash],
    );
  }

  await flagImitations(tx, chainId, prepared, older);
  await placeHistory(tx, chainId, prepared.history, older ? 'before' : 'after');

  await replaceOwners(tx, chainId, params.owners);

  await insertRows(
    tx,
    'INSERT INTO tokens (chain_id, address, type, name, symbol, decimals, trusted)',
    params.tokens.map((t) => [chainId, t.address, t.type, t.name, t.symbol, t.decimals, t.trusted]),
    'ON CONFLICT (chain_id, address) DO NOTHING',
  );
}

/**
 * Forgets everything above `forkBlock`: what the chain produced there is orphaned. Proposals survive
 * (only their execution is cleared); signatures read from orphaned executions go.
 */
export async function rollBackAbove(
  tx: Queryable,
  chainId: string,
  forkBlock: bigint,
  nowMs: number,
): Promise<void> {
  const fork = forkBlock.toString();
  const orphaned = await tx.query<{ safe: string }>(
    'SELECT DISTINCT safe FROM history_items WHERE chain_id = $1 AND block_number > $2',
    [chainId, fork],
  );
  await countHistoryWrite(
    tx,
    chainId,
    orphaned.map((row) => row.safe),
  );
  await tx.query('DELETE FROM history_items WHERE chain_id = $1 AND block_number > $2', [chainId, fork]);
  await tx.query('DELETE FROM safe_recipients WHERE chain_id = $1 AND block_number > $2', [chainId, fork]);
  await tx.query('DELETE FROM transfers WHERE chain_id = $1 AND block_number > $2', [chainId, fork]);
  await tx.query('DELETE FROM unrecovered_executions WHERE chain_id = $1 AND block_number > $2', [
    chainId,
    fork,
  ]);
  await tx.query(
    `UPDATE safes SET set_aside_reason = NULL, set_aside_block = NULL, set_aside_tx_hash = NULL
     WHERE chain_id = $1 AND set_aside_block > $2`,
    [chainId, fork],
  );
  await tx.query('DELETE FROM module_transactions WHERE chain_id = $1 AND block_number > $2', [
    chainId,
    fork,
  ]);
  await tx.query(`DELETE FROM confirmations WHERE chain_id = $1 AND source = 'chain' AND block_number > $2`, [
    chainId,
    fork,
  ]);
  await tx.query(
    'DELETE FROM multisig_transactions WHERE chain_id = $1 AND executed_block > $2 AND NOT proposed',
    [chainId, fork],
  );
  await tx.query(
    `UPDATE multisig_transactions SET executed_tx_hash = NULL, executed_block = NULL, executed_log_index = NULL,
       executed_at_ms = NULL, executor = NULL, success = NULL, payment = NULL, fee = NULL, executed_signatures = NULL,
       modified_at_ms = $3
     WHERE chain_id = $1 AND executed_block > $2`,
    [chainId, fork, nowMs],
  );
  await tx.query(
    'DELETE FROM safe_owners WHERE chain_id = $1 AND safe IN (SELECT address FROM safes WHERE chain_id = $1 AND creation_block > $2)',
    [chainId, fork],
  );
  await tx.query('DELETE FROM safes WHERE chain_id = $1 AND creation_block > $2', [chainId, fork]);
  await tx.query('DELETE FROM indexed_blocks WHERE chain_id = $1 AND number > $2', [chainId, fork]);
  const [kept] = await tx.query<{ hash: string }>(
    'SELECT hash FROM indexed_blocks WHERE chain_id = $1 AND number = $2',
    [chainId, fork],
  );
  if (kept) {
    await tx.query(
      'UPDATE indexer_cursors SET block_number = $2, block_hash = $3, updated_at_ms = $4 WHERE chain_id = $1',
      [chainId, fork, kept.hash, nowMs],
    );
  } else {
    await tx.query('DELETE FROM indexer_cursors WHERE chain_id = $1', [chainId]);
    // Nothing is left of any Safe's past: the indexer reads it again from its start block, with every
    // Safe it knows (none is caught up on its own any more).
    await tx.query('UPDATE safes SET backfill_below = NULL, backfill_below_ms = NULL WHERE chain_id = $1', [
      chainId,
    ]);
    return;
  }
  // A Safe being caught up had blocks above the fork read: the main passes read them again from the
  // fork on, the backfill everything below.
  await tx.query(
    `UPDATE safes SET backfill_below = $2, backfill_below_ms = NULL
     WHERE chain_id = $1 AND backfill_below > $2`,
    [chainId, (forkBlock + 1n).toString()],
  );
}

/** Each Safe's stored history items, to leave out of a range read twice. */
async function storedItems(tx: Queryable, chainId: string, items: readonly HistoryEntry[]) {
  const existing = await tx.query<{ safe: string; kind: string; ref_id: string }>(
    'SELECT safe, kind, ref_id FROM history_items WHERE chain_id = $1 AND safe = ANY($2) AND ref_id = ANY($3)',
    [chainId, [...new Set(items.map((item) => item.safe))], [...new Set(items.map((item) => item.refId))]],
  );
  const stored = new Set(existing.map((row) => `${row.safe}:${row.kind}:${row.ref_id}`));
  return items.filter((item) => !stored.has(`${item.safe}:${item.kind}:${item.refId}`));
}

/**
 * Puts history items (in chain order) into each Safe's two sequences (all items; trusted ones):
 * `after` the Safe's newest (new blocks), or `before` its oldest (a backfill, every item older than
 * any stored), counting down below zero if need be. Positions stay gap-free in both sequences: a page
 * at any depth is one index range.
 */
async function placeHistory(
  tx: Queryable,
  chainId: string,
  items: readonly HistoryEntry[],
  where: 'after' | 'before',
): Promise<void> {
  const fresh = await storedItems(tx, chainId, items);
  if (fresh.length === 0) return;
  const [edge, step] = where === 'after' ? (['MAX', 1n] as const) : (['MIN', -1n] as const);
  const ends = await tx.query<{ safe: string; edge_all: string | null; edge_trusted: string | null }>(
    `SELECT safe, ${edge}(position) AS edge_all, ${edge}(trusted_position) AS edge_trusted FROM history_items
     WHERE chain_id = $1 AND safe = ANY($2) GROUP BY safe`,
    [chainId, [...new Set(fresh.map((item) => item.safe))]],
  );
  // A sequence with no item yet starts at 0 counting up, or at -1 counting down.
  const next = (value: string | null | undefined) =>
    value === null || value === undefined ? (step === 1n ? 0n : -1n) : BigInt(value) + step;
  const slots = new Map(
    ends.map((row) => [row.safe, { all: next(row.edge_all), trusted: next(row.edge_trusted) }]),
  );
  const rows: unknown[][] = [];
  for (const item of where === 'after' ? fresh : [...fresh].reverse()) {
    const slot = slots.get(item.safe) ?? { all: next(undefined), trusted: next(undefined) };
    rows.push([
      chainId,
      item.safe,
      slot.all.toString(),
      item.trusted ? slot.trusted.toString() : null,
      item.imitation ?? false,
      item.kind,
      item.refId,
      item.blockNumber,
      item.logIndex,
      item.timestampMs,
    ]);
    slots.set(item.safe, {
      all: slot.all + step,
      trusted: item.trusted ? slot.trusted + step : slot.trusted,
    });
  }
  await insertRows(
    tx,
    'INSERT INTO history_items (chain_id, safe, position, trusted_position, imitation, kind, ref_id, block_number, log_index, timestamp_ms)',
    rows,
  );
  await countHistoryWrite(
    tx,
    chainId,
    fresh.map((item) => item.safe),
  );
}

/** Sets each Safe's current owners to what the chain says (after owner events, or a rollback). */
export async function replaceOwners(
  tx: Queryable,
  chainId: string,
  owners: ReadonlyMap<Address, readonly Address[]>,
) {
  for (const [safe, list] of owners) {
    await tx.query('DELETE FROM safe_owners WHERE chain_id = $1 AND safe = $2', [chainId, safe]);
    await insertRows(
      tx,
      'INSERT INTO safe_owners (chain_id, safe, owner)',
      list.map((owner) => [chainId, safe, owner]),
    );
  }
}
