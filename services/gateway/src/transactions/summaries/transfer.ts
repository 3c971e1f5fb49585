import { transferTxId, type TransactionSummary } from '@countersign/gateway-api';
import { addressInfo } from '../../addressInfo';
import { direction, tokenTransferInfo } from '../classify';
import type { TransferRecord } from '../transferStore';
import type { SummaryContext } from './context';

/** `imitation`: the indexer's address-poisoning flag, which only the history shows. */
export function transferSummary(
  record: TransferRecord,
  context: SummaryContext,
  imitation = false,
): TransactionSummary {
  const token = record.tokenAddress ? context.tokens.get(record.tokenAddress) : undefined;
  const transferInfo =
    record.tokenType === 'NATIVE' || !record.tokenAddress
      ? { type: 'NATIVE_COIN' as const, value: record.value }
      : tokenTransferInfo(
          token,
          record.tokenAddress,
          (record.tokenType === 'ERC721' ? record.tokenId : record.value) ?? '0',
          record.tokenType === 'ERC721',
          context.logos,
          imitation,
        );
  return {
    id: transferTxId(record.safe, record.id),
    timestamp: record.executedAtMs,
    txStatus: 'SUCCESS',
    txInfo: {
      type: 'Transfer',
      sender: addressInfo(record.sender),
      recipient: addressInfo(record.recipient),
      direction: direction(record.safe, record.sender, record.recipient),
      transferInfo,
      humanDescription: null,
    },
    executionInfo: null,
    safeAppInfo: null,
    txHash: record.txHash,
    note: null,
  };
}
