import {
  concat,
  decodeFunctionData,
  encodeFunctionData,
  encodePacked,
  getAddress,
  hexToBigInt,
  hexToNumber,
  size,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { multiSendAbi } from './abis';
import type { Operation } from './operation';

export type MetaTransaction = { operation: Operation; to: Address; value: bigint; data: Hex };

/** Packs transactions the way MultiSend reads them: operation, to, value, data length, data. */
export function encodeMultiSendTransactions(txs: readonly MetaTransaction[]): Hex {
  return concat(
    txs.map((tx) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [tx.operation, tx.to, tx.value, BigInt(size(tx.data)), tx.data],
      ),
    ),
  );
}

/** The calldata of `multiSend(transactions)` for a batch. */
export function encodeMultiSend(txs: readonly MetaTransaction[]): Hex {
  return encodeFunctionData({
    abi: multiSendAbi,
    functionName: 'multiSend',
    args: [encodeMultiSendTransactions(txs)],
  });
}

/** Reads a `multiSend(transactions)` calldata back into its transactions. */
export function decodeMultiSend(calldata: Hex): MetaTransaction[] {
  const { args } = decodeFunctionData({ abi: multiSendAbi, data: calldata });
  const packed = args[0];
  const txs: MetaTransaction[] = [];
  let offset = 0;
  const total = size(packed);
  while (offset < total) {
    const operation = hexToNumber(slice(packed, offset, offset + 1));
    if (operation !== 0 && operation !== 1) throw new Error(`Unknown MultiSend operation ${operation}`);
    const to = getAddress(slice(packed, offset + 1, offset + 21));
    const value = hexToBigInt(slice(packed, offset + 21, offset + 53));
    const dataLength = Number(hexToBigInt(slice(packed, offset + 53, offset + 85)));
    const start = offset + 85;
    if (start + dataLength > total) throw new Error('MultiSend data runs past the end of the batch');
    const data = dataLength === 0 ? '0x' : slice(packed, start, start + dataLength);
    txs.push({ operation, to, value, data });
    offset = start + dataLength;
  }
  return txs;
}
