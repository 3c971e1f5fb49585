import { moduleTxId, type TransactionSummary } from '@countersign/gateway-api';
import { addressInfo } from '../../addressInfo';
import { classifyCall } from '../classify';
import type { ModuleRecord } from '../moduleStore';
import type { SummaryContext } from './context';

export function moduleSummary(record: ModuleRecord, context: SummaryContext): TransactionSummary {
  return {
    id: moduleTxId(record.safe, record.id),
    timestamp: record.executedAtMs,
    txStatus: record.success ? 'SUCCESS' : 'FAILED',
    txInfo: classifyCall(record, context),
    executionInfo: { type: 'MODULE', address: addressInfo(record.module) },
    safeAppInfo: null,
    txHash: record.txHash,
    note: null,
  };
}
