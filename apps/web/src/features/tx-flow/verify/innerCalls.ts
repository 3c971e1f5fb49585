import { getAddress } from 'viem';
import { decodeBatch, decodeCall, type SafeTx } from '@countersign/safe-core';

type Call = Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>;

/** The calls a transaction makes: its own, or each of a MultiSend batch's. */
export function innerCalls(call: Call): Call[] {
  const decoded =
    call.operation === 1 && decodeCall(call.data)?.method === 'multiSend' ? decodeBatch(call.data) : null;
  if (!decoded) return [call];
  return decoded.map((entry) => ({
    to: getAddress(entry.to),
    value: BigInt(entry.value),
    data: entry.data ?? '0x',
    operation: entry.operation,
  }));
}
