import type { SafeMessage, SafeMessageListItem } from '@countersign/gateway-api';
import { encodeSignatures, type OwnerSignature } from '@countersign/safe-core';
import { addressInfo } from '../addressInfo';
import type { Hex } from 'viem';
import type { MessageRecord } from './store';

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
