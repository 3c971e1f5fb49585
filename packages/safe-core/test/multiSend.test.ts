import { encodeFunctionData, erc20Abi, parseEther, size } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  decodeMultiSend,
  encodeMultiSend,
  encodeMultiSendTransactions,
  Operation,
  type MetaTransaction,
} from '../src';

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const batch: MetaTransaction[] = [
  { operation: Operation.CALL, to: recipient, value: parseEther('0.1'), data: '0x' },
  {
    operation: Operation.CALL,
    to: token,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 42n] }),
  },
  { operation: Operation.DELEGATE, to: token, value: 0n, data: '0xdeadbeef' },
];

describe('MultiSend encoding', () => {
  it('packs each transaction as operation, to, value, data length and data', () => {
    const packed = encodeMultiSendTransactions(batch);
    // 85 bytes of header per transaction plus the data itself.
    expect(size(packed)).toBe(85 * 3 + 0 + 68 + 4);
  });

  it('decodes what it encodes', () => {
    expect(decodeMultiSend(encodeMultiSend(batch))).toEqual(batch);
  });

  it('rejects a batch whose data runs past its end', () => {
    const calldata = encodeMultiSend([{ operation: 0, to: recipient, value: 0n, data: '0xdeadbeef' }]);
    // Cut the last byte of the inner data but keep the ABI length word consistent by re-encoding.
    const truncated = encodeFunctionData({
      abi: [
        {
          type: 'function',
          name: 'multiSend',
          stateMutability: 'payable',
          inputs: [{ name: 'transactions', type: 'bytes' }],
          outputs: [],
        },
      ],
      functionName: 'multiSend',
      args: [
        encodeMultiSendTransactions([{ operation: 0, to: recipient, value: 0n, data: '0xdeadbeef' }]).slice(
          0,
          -2,
        ) as `0x${string}`,
      ],
    });
    expect(calldata).not.toBe(truncated);
    expect(() => decodeMultiSend(truncated)).toThrow('MultiSend data runs past the end of the batch');
  });
});
