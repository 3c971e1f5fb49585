import type { SafeMessage, SafeMessageListItem } from '@countersign/gateway-api';
import { encodeSignatures, type OwnerSignature } from '@countersign/safe-core';
import { getAddress, type Address, type Hex } from 'viem';
import { addressInfo } from '../addressInfo';
import type { Queryable } from '../store';

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

/**
 * A message as the API shows it. It is CONFIRMED once it has as many confirmations as the Safe's
 * threshold now; then preparedSignature holds them encoded for the Safe's isValidSignature.
 */
export function toSafeMessage(record: MessageRecord, threshold: number): SafeMessage {
  const confirmed = record.confirmations.length >= threshold;
  const parts: OwnerSignature[] = record.confirmations.map((c) =>
    c.type === 'CONTRACT_SIGNATURE'
      ? // The stored form is the static part, the length word, then the contract's own signature.
        { signer: c.owner, data: `0x${c.signature.slice(2 + 130 + 64)}` as Hex, contract: true }
      : { signer: c.owner, data: c.signature },
  );
  return {
    messageHash: record.messageHash,
    status: confirmed ? 'CONFIRMED' : 'NEEDS_CONFIRMATION',
    logoUri: null,
    name: null,
    message: record.message,
    creationTimestamp: record.createdAtMs,
    modifiedTimestamp: record.modifiedAtMs,
    confirmationsSubmitted: record.confirmations.length,
    confirmationsRequired: threshold,
    proposedBy: addressInfo(record.proposedBy),
    confirmations: record.confirmations.map((c) => ({ owner: addressInfo(c.owner), signature: c.signature })),
    preparedSignature: confirmed ? encodeSignatures(parts) : null,
    origin: record.origin,
  };
}

/** A page of messages grouped by UTC day of creation, each day opening with a label at its midnight. */
export function withDayLabels(messages: SafeMessage[]): SafeMessageListItem[] {
  const items: SafeMessageListItem[] = [];
  let lastDay: number | undefined;
  for (const message of messages) {
    const day = Math.floor(message.creationTimestamp / 86_400_000) * 86_400_000;
    if (day !== lastDay) items.push({ type: 'DATE_LABEL', timestamp: day });
    lastDay = day;
    items.push({ ...message, type: 'MESSAGE' });
  }
  return items;
}
