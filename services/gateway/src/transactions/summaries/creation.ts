import { creationTxId, type TransactionSummary } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { addressInfo } from '../../addressInfo';
import type { Queryable } from '../../store';
import { loadCreation } from '../creationStore';

export async function creationSummary(
  db: Queryable,
  chainId: string,
  safe: Address,
): Promise<TransactionSummary | null> {
  const row = await loadCreation(db, chainId, safe);
  if (!row?.creation_tx_hash || !row.creator || row.created_at_ms === null) return null;
  return {
    id: creationTxId(safe),
    timestamp: Number(row.created_at_ms),
    txStatus: 'SUCCESS',
    txInfo: {
      type: 'Creation',
      creator: addressInfo(row.creator),
      transactionHash: row.creation_tx_hash,
      implementation: row.singleton ? addressInfo(row.singleton) : null,
      factory: row.factory ? addressInfo(row.factory) : null,
      saltNonce: row.salt_nonce,
      humanDescription: null,
    },
    executionInfo: null,
    safeAppInfo: null,
    txHash: row.creation_tx_hash,
    note: null,
  };
}
