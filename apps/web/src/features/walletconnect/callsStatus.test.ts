import { describe, expect, it } from 'vitest';
import { encodeEventTopics, type Hex } from 'viem';
import type { TransactionDetails } from '@countersign/gateway-api';
import { safeAbi } from '@countersign/safe-core';
import { callsStatusOf, receiptSchema, type RpcReceipt } from './callsStatus';

const safe = '0x1111111111111111111111111111111111111111';
const otherSafe = '0x2222222222222222222222222222222222222222';
const id: Hex = `0x${'5a'.repeat(32)}`;
const otherId: Hex = `0x${'6b'.repeat(32)}`;
const executedBy: Hex = `0x${'e1'.repeat(32)}`;

/** The fields of the gateway's transaction details the status reads. */
const gatewayTx = (overrides: Partial<Record<keyof TransactionDetails, unknown>> = {}) =>
  ({
    safeAddress: safe,
    txStatus: 'AWAITING_CONFIRMATIONS',
    txHash: null,
    detailedExecutionInfo: { type: 'MULTISIG', safeTxHash: id },
    ...overrides,
  }) as unknown as TransactionDetails;

const safeLog = (eventName: 'ExecutionSuccess' | 'ExecutionFailure', safeTxHash: Hex, address = safe) => ({
  address,
  topics: encodeEventTopics({ abi: safeAbi, eventName, args: { txHash: safeTxHash } }) as Hex[],
  data: `0x${'00'.repeat(32)}` as Hex,
});

const receipt = (status: Hex, logs: RpcReceipt['logs']): RpcReceipt =>
  receiptSchema.parse({
    status,
    blockHash: `0x${'b0'.repeat(32)}`,
    blockNumber: '0x2a',
    gasUsed: '0x1d4c0',
    transactionHash: executedBy,
    logs,
    // What a node answers beside them, left out of the answer.
    cumulativeGasUsed: '0x1d4c0',
    from: '0x3333333333333333333333333333333333333333',
  });

const status = (tx: TransactionDetails, answer: RpcReceipt | null) =>
  callsStatusOf({ id, safe, chainId: 1337, tx, receipt: answer });

const base = { version: '2.0.0', id, chainId: '0x539', atomic: true };

describe('callsStatusOf', () => {
  it('is pending (100) while the Safe transaction waits for signatures or execution', () => {
    expect(status(gatewayTx(), null)).toEqual({ status: { ...base, status: 100 } });
    expect(status(gatewayTx({ txStatus: 'AWAITING_EXECUTION' }), null)).toEqual({
      status: { ...base, status: 100 },
    });
  });

  it('stays pending while the node has no receipt for the executing transaction', () => {
    expect(status(gatewayTx({ txStatus: 'SUCCESS', txHash: executedBy }), null)).toEqual({
      status: { ...base, status: 100 },
    });
  });

  it('is 400 when another transaction of the same nonce replaced it', () => {
    expect(status(gatewayTx({ txStatus: 'CANCELLED' }), null)).toMatchObject({ status: { status: 400 } });
  });

  it('is confirmed (200) with the receipt when the chain shows the Safe’s ExecutionSuccess for it', () => {
    const logs = [safeLog('ExecutionSuccess', otherId, otherSafe), safeLog('ExecutionSuccess', id)];
    expect(status(gatewayTx({ txStatus: 'SUCCESS', txHash: executedBy }), receipt('0x1', logs))).toEqual({
      status: {
        ...base,
        status: 200,
        receipts: [
          {
            logs,
            status: '0x1',
            blockHash: `0x${'b0'.repeat(32)}`,
            blockNumber: '0x2a',
            gasUsed: '0x1d4c0',
            transactionHash: executedBy,
          },
        ],
      },
    });
  });

  it('is 500 when the Safe’s execution failed or the executing transaction reverted, whatever the gateway says', () => {
    const executed = gatewayTx({ txStatus: 'SUCCESS', txHash: executedBy });
    expect(status(executed, receipt('0x1', [safeLog('ExecutionFailure', id)]))).toMatchObject({
      status: { status: 500, receipts: [{ status: '0x1' }] },
    });
    expect(status(executed, receipt('0x0', []))).toMatchObject({
      status: { status: 500, receipts: [{ status: '0x0' }] },
    });
  });

  it('does not take a receipt without the Safe’s event for this safeTxHash as its execution', () => {
    const executed = gatewayTx({ txStatus: 'SUCCESS', txHash: executedBy });
    for (const logs of [
      [],
      [safeLog('ExecutionSuccess', otherId)],
      [safeLog('ExecutionSuccess', id, otherSafe)],
    ])
      expect(status(executed, receipt('0x1', logs))).toMatchObject({ error: { code: -32603 } });
    const elsewhere = { ...receipt('0x1', [safeLog('ExecutionSuccess', id)]), transactionHash: otherId };
    expect(status(executed, elsewhere)).toMatchObject({ error: { code: -32603 } });
  });

  it('answers 5730 for a transaction of another Safe, or of another safeTxHash', () => {
    const unknown = { error: { code: 5730, message: 'Unknown bundle id' } };
    expect(status(gatewayTx({ safeAddress: otherSafe }), null)).toEqual(unknown);
    expect(
      status(gatewayTx({ detailedExecutionInfo: { type: 'MULTISIG', safeTxHash: otherId } }), null),
    ).toEqual(unknown);
    expect(status(gatewayTx({ detailedExecutionInfo: { type: 'MODULE' } }), null)).toEqual(unknown);
    expect(status(gatewayTx({ detailedExecutionInfo: null }), null)).toEqual(unknown);
  });
});
