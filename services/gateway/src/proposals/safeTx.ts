import type { ProposeTransactionBody } from '@countersign/gateway-api';
import { buildSafeTx, zeroAddress, type SafeTx } from '@countersign/safe-core';
import { getAddress, type Hex } from 'viem';
import type { MultisigRecord } from '../transactions/multisigStore';

/** The SafeTx a proposal's body describes, addresses checksummed. */
export function proposedSafeTx(body: ProposeTransactionBody): SafeTx {
  return buildSafeTx({
    to: getAddress(body.to),
    value: BigInt(body.value),
    data: (body.data ?? '0x') as Hex,
    operation: body.operation,
    safeTxGas: BigInt(body.safeTxGas),
    baseGas: BigInt(body.baseGas),
    gasPrice: BigInt(body.gasPrice),
    gasToken: getAddress(body.gasToken),
    refundReceiver: body.refundReceiver ? getAddress(body.refundReceiver) : zeroAddress,
    nonce: BigInt(body.nonce),
  });
}

/** The SafeTx a stored transaction is. */
export function storedSafeTx(record: MultisigRecord): SafeTx {
  return buildSafeTx({
    to: record.to,
    value: record.value,
    data: record.data ?? '0x',
    operation: record.operation === 1 ? 1 : 0,
    safeTxGas: record.safeTxGas,
    baseGas: record.baseGas,
    gasPrice: record.gasPrice,
    gasToken: record.gasToken,
    refundReceiver: record.refundReceiver,
    nonce: BigInt(record.nonce),
  });
}
