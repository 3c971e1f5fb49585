import * as z from 'zod/mini';
import { encodeEventTopics, numberToHex, type Address, type Hex } from 'viem';
import type { TransactionDetails } from '@countersign/gateway-api';
import { safeAbi } from '@countersign/safe-core';
import type { RpcError } from './requests';

/**
 * EIP-5792 (v2) wallet_getCallsStatus for calls a dapp sent with wallet_sendCalls, whose id is the
 * Safe transaction's safeTxHash. The gateway says whether and by which transaction the Safe
 * transaction was executed; whether it succeeded is read from that transaction's receipt on chain
 * (its status and the Safe's ExecutionSuccess/ExecutionFailure event for the safeTxHash), never from
 * the gateway's word.
 */
export type CallsStatus = {
  version: '2.0.0';
  id: Hex;
  chainId: Hex;
  /** 100 pending, 200 confirmed, 400 never to be included (the Safe tx was replaced), 500 reverted. */
  status: 100 | 200 | 400 | 500;
  atomic: true;
  receipts?: CallsReceipt[];
};

export type CallsReceipt = {
  logs: { address: Address; data: Hex; topics: Hex[] }[];
  status: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  transactionHash: Hex;
};

export const unknownBundleId: RpcError = { code: 5730, message: 'Unknown bundle id' };

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));
/** The fields of an eth_getTransactionReceipt answer EIP-5792 passes on, checked as they come from the node. */
export const receiptSchema = z.object({
  status: hex,
  blockHash: hex,
  blockNumber: hex,
  gasUsed: hex,
  transactionHash: hex,
  logs: z.array(z.object({ address: hex, data: hex, topics: z.array(hex) })),
});
export type RpcReceipt = z.infer<typeof receiptSchema>;

const [successTopic] = encodeEventTopics({ abi: safeAbi, eventName: 'ExecutionSuccess' });
const [failureTopic] = encodeEventTopics({ abi: safeAbi, eventName: 'ExecutionFailure' });

/** The Safe's own event for this safeTxHash in the receipt, if any. */
function safeOutcome(receipt: RpcReceipt, safe: Address, safeTxHash: Hex): 'success' | 'failure' | undefined {
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== safe.toLowerCase()) continue;
    if (log.topics[1]?.toLowerCase() !== safeTxHash.toLowerCase()) continue;
    const topic = log.topics[0]?.toLowerCase();
    if (topic === successTopic?.toLowerCase()) return 'success';
    if (topic === failureTopic?.toLowerCase()) return 'failure';
  }
  return undefined;
}

/**
 * The status of the calls `id` from the gateway's transaction and, once it names an executing
 * transaction, that transaction's receipt (null while the node has none). A transaction of another
 * Safe, or not a multisig transaction of that safeTxHash, is an unknown id.
 */
export function callsStatusOf(params: {
  id: Hex;
  safe: Address;
  chainId: number;
  tx: TransactionDetails;
  receipt: RpcReceipt | null;
}): { status: CallsStatus } | { error: RpcError } {
  const { id, safe, tx, receipt } = params;
  const execution = tx.detailedExecutionInfo;
  if (
    tx.safeAddress.toLowerCase() !== safe.toLowerCase() ||
    execution?.type !== 'MULTISIG' ||
    execution.safeTxHash.toLowerCase() !== id.toLowerCase()
  )
    return { error: unknownBundleId };
  const base = { version: '2.0.0', id, chainId: numberToHex(params.chainId), atomic: true } as const;
  if (tx.txHash === null) return { status: { ...base, status: tx.txStatus === 'CANCELLED' ? 400 : 100 } };
  if (receipt === null) return { status: { ...base, status: 100 } };
  if (receipt.transactionHash.toLowerCase() !== tx.txHash.toLowerCase())
    return { error: { code: -32603, message: 'The chain answered the receipt of another transaction.' } };
  const outcome = BigInt(receipt.status) === 1n ? safeOutcome(receipt, safe, id) : 'failure';
  if (outcome === undefined)
    return {
      error: {
        code: -32603,
        message: 'The transaction the gateway names did not execute this Safe transaction on chain.',
      },
    };
  const receipts: CallsReceipt[] = [
    {
      logs: receipt.logs.map((log) => ({
        address: log.address as Address,
        data: log.data as Hex,
        topics: log.topics as Hex[],
      })),
      status: receipt.status as Hex,
      blockHash: receipt.blockHash as Hex,
      blockNumber: receipt.blockNumber as Hex,
      gasUsed: receipt.gasUsed as Hex,
      transactionHash: receipt.transactionHash as Hex,
    },
  ];
  return { status: { ...base, status: outcome === 'success' ? 200 : 500, receipts } };
}
