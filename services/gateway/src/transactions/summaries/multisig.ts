import { multisigTxId, type TransactionSummary, type TxStatus } from '@countersign/gateway-api';
import { addressInfo } from '../../addressInfo';
import { classifyCall } from '../classify';
import type { MultisigRecord } from '../multisigStore';
import type { SafeNow, SummaryContext } from './context';

export function multisigStatus(record: MultisigRecord, safe: SafeNow): TxStatus {
  if (record.executedAtMs !== null) return record.success ? 'SUCCESS' : 'FAILED';
  if (record.nonce < safe.nonce) return 'CANCELLED';
  return record.confirmations.length < requiredConfirmations(record, safe)
    ? 'AWAITING_CONFIRMATIONS'
    : 'AWAITING_EXECUTION';
}

/** Executed: the threshold it was executed with. Pending: the Safe's threshold now. */
export function requiredConfirmations(record: MultisigRecord, safe: SafeNow): number {
  return record.executedAtMs !== null && record.confirmationsRequired !== null
    ? record.confirmationsRequired
    : safe.threshold;
}

/** The note a proposer attached, from the JSON origin ({"url","name","note"}). */
export function originNote(origin: string | null): string | null {
  if (!origin) return null;
  try {
    const parsed = JSON.parse(origin) as { note?: unknown };
    return typeof parsed.note === 'string' ? parsed.note : null;
  } catch {
    return null;
  }
}

export function multisigSummary(
  record: MultisigRecord,
  safe: SafeNow,
  context: SummaryContext,
): TransactionSummary {
  const status = multisigStatus(record, safe);
  const signed = new Set(record.confirmations.map((c) => c.owner));
  return {
    id: multisigTxId(record.safe, record.safeTxHash),
    timestamp: record.executedAtMs ?? record.submittedAtMs,
    txStatus: status,
    // The record holds the call and its refund settings, which tell a cancellation.
    txInfo: classifyCall({ ...record, refund: record }, context),
    executionInfo: {
      type: 'MULTISIG',
      nonce: record.nonce,
      confirmationsRequired: requiredConfirmations(record, safe),
      confirmationsSubmitted: record.confirmationsSubmitted,
      missingSigners:
        status === 'AWAITING_CONFIRMATIONS'
          ? safe.owners.filter((o) => !signed.has(o)).map((o) => addressInfo(o))
          : null,
    },
    safeAppInfo: context.safeAppOf(record.origin),
    txHash: record.executedTxHash,
    note: originNote(record.origin),
  };
}
