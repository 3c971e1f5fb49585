import type { SafeMessage } from '@countersign/gateway-api';
import { getAddress, type Address, type Hex } from 'viem';
import type { Database, Queryable } from '../store';

export type MessageRecord = {
  messageHash: Hex;
  safe: Address;
  message: SafeMessage['message'];
  proposedBy: Address;
  origin: string | null;
  createdAtMs: number;
  modifiedAtMs: number;
  confirmations: { owner: Address; signature: Hex; type: string; createdAtMs: number }[];
};

type MessageRow = {
  message_hash: Hex;
  safe: string;
  message: SafeMessage['message'];
  proposed_by: string;
  origin: string | null;
  created_at_ms: string;
  modified_at_ms: string;
};

const columns = 'message_hash, safe, message, proposed_by, origin, created_at_ms, modified_at_ms';

export async function loadMessages(
  db: Queryable,
  chainId: string,
  where: { hash: string } | { safe: Address; limit: number; offset: number },
): Promise<MessageRecord[]> {
  const rows =
    'hash' in where
      ? await db.query<MessageRow>(
          `SELECT ${columns} FROM messages WHERE chain_id = $1 AND message_hash = $2`,
          [chainId, where.hash.toLowerCase()],
        )
      : await db.query<MessageRow>(
          `SELECT ${columns} FROM messages WHERE chain_id = $1 AND safe = $2
           ORDER BY created_at_ms DESC, message_hash LIMIT $3 OFFSET $4`,
          [chainId, where.safe, where.limit, where.offset],
        );
  if (rows.length === 0) return [];
  const confirmations = await db.query<{
    message_hash: string;
    owner: string;
    signature: Hex;
    signature_type: string;
    created_at_ms: string;
  }>(
    `SELECT message_hash, owner, signature, signature_type, created_at_ms FROM message_confirmations
     WHERE chain_id = $1 AND message_hash = ANY($2) ORDER BY created_at_ms, owner`,
    [chainId, rows.map((row) => row.message_hash)],
  );
  return rows.map((row) => ({
    messageHash: row.message_hash,
    safe: getAddress(row.safe),
    message: row.message,
    proposedBy: getAddress(row.proposed_by),
    origin: row.origin,
    createdAtMs: Number(row.created_at_ms),
    modifiedAtMs: Number(row.modified_at_ms),
    confirmations: confirmations
      .filter((c) => c.message_hash === row.message_hash)
      .map((c) => ({
        owner: getAddress(c.owner),
        signature: c.signature,
        type: c.signature_type,
        createdAtMs: Number(c.created_at_ms),
      })),
  }));
}

export async function countMessages(db: Queryable, chainId: string, safe: Address): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    'SELECT COUNT(*) AS n FROM messages WHERE chain_id = $1 AND safe = $2',
    [chainId, safe],
  );
  return Number(row?.n ?? 0);
}

/** An owner's checked signature of a message. */
export type MessageSignature = { owner: Address; signature: Hex; type: string };

async function insertConfirmations(
  sql: Queryable,
  chainId: string,
  messageHash: Hex,
  signatures: readonly MessageSignature[],
  now: number,
): Promise<void> {
  for (const s of signatures) {
    await sql.query(
      `INSERT INTO message_confirmations (chain_id, message_hash, owner, signature, signature_type, created_at_ms)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [chainId, messageHash, s.owner, s.signature, s.type, now],
    );
  }
}

/**
 * Stores a new message with the signatures it came with: false, storing nothing, when the message is
 * there already (another replica may have stored it a moment before).
 */
export function storeMessage(
  db: Database,
  message: {
    chainId: string;
    messageHash: Hex;
    safe: Address;
    message: unknown;
    proposedBy: Address;
    safeAppId: number | null;
    origin: string | null;
    signatures: readonly MessageSignature[];
  },
): Promise<boolean> {
  const now = Date.now();
  return db.transaction(async (sql) => {
    const inserted = await sql.query(
      `INSERT INTO messages (chain_id, message_hash, safe, message, proposed_by, safe_app_id, origin, created_at_ms, modified_at_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (chain_id, message_hash) DO NOTHING
       RETURNING 1`,
      [
        message.chainId,
        message.messageHash,
        message.safe,
        JSON.stringify(message.message),
        message.proposedBy,
        message.safeAppId,
        message.origin,
        now,
      ],
    );
    if (inserted.length === 0) return false;
    await insertConfirmations(sql, message.chainId, message.messageHash, message.signatures, now);
    return true;
  });
}

/** Adds owners' confirmations to a message; its modified time moves. */
export function storeMessageConfirmations(
  db: Database,
  chainId: string,
  messageHash: Hex,
  signatures: readonly MessageSignature[],
): Promise<void> {
  const now = Date.now();
  return db.transaction(async (sql) => {
    await insertConfirmations(sql, chainId, messageHash, signatures, now);
    await sql.query('UPDATE messages SET modified_at_ms = $3 WHERE chain_id = $1 AND message_hash = $2', [
      chainId,
      messageHash,
      now,
    ]);
  });
}
