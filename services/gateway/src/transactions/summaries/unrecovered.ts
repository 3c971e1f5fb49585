import {
  moduleTxId,
  multisigTxId,
  type TransactionDetails,
  type TransactionSummary,
} from '@countersign/gateway-api';
import { addressInfo } from '../../addressInfo';
import type { UnrecoveredRecord } from '../unrecoveredStore';

/**
 * An execution listed with only what is known of it: a kind of its own (clients that do not know it
 * show its description), saying that and why its details are missing.
 */
function unrecoveredInfo(record: UnrecoveredRecord) {
  const who = record.kind === 'module' ? `by module ${record.module}` : 'by its owners';
  return {
    type: 'UnrecoveredExecution',
    humanDescription: `${record.success ? 'Executed' : 'Failed'} ${who} in transaction ${record.txHash}, sent by ${record.sender}. ${record.reason}.`,
    executionKind: record.kind === 'module' ? 'MODULE' : 'MULTISIG',
    safeTxHash: record.safeTxHash,
    module: record.module,
    sender: record.sender,
    transactionHash: record.txHash,
  };
}

const idOf = (record: UnrecoveredRecord) =>
  record.kind === 'multisig' && record.safeTxHash
    ? multisigTxId(record.safe, record.safeTxHash)
    : moduleTxId(record.safe, record.id);

export function unrecoveredSummary(record: UnrecoveredRecord): TransactionSummary {
  return {
    id: idOf(record),
    timestamp: record.executedAtMs,
    txStatus: record.success ? 'SUCCESS' : 'FAILED',
    // A kind the API contract leaves open: read back, it is an `Unknown` with this description.
    txInfo: unrecoveredInfo(record) as unknown as TransactionSummary['txInfo'],
    executionInfo: record.module ? { type: 'MODULE', address: addressInfo(record.module) } : null,
    safeAppInfo: null,
    txHash: record.txHash,
    note: null,
  };
}

export function unrecoveredDetails(record: UnrecoveredRecord): TransactionDetails {
  return {
    safeAddress: record.safe,
    txId: idOf(record),
    executedAt: record.executedAtMs,
    txStatus: record.success ? 'SUCCESS' : 'FAILED',
    txInfo: unrecoveredInfo(record) as unknown as TransactionDetails['txInfo'],
    txData: null,
    detailedExecutionInfo: record.module ? { type: 'MODULE', address: addressInfo(record.module) } : null,
    txHash: record.txHash,
    safeAppInfo: null,
    note: null,
  };
}
