import { encodeFunctionData, erc20Abi, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeCall, encodeMultiSend, knownCallsAbi, Operation, safeAbi } from '../src';

const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('decodeCall', () => {
  it('decodes a Safe settings call with named, string-valued parameters', () => {
    const data = encodeFunctionData({
      abi: safeAbi,
      functionName: 'addOwnerWithThreshold',
      args: [owner, 2n],
    });
    expect(decodeCall(data)).toEqual({
      method: 'addOwnerWithThreshold',
      parameters: [
        { name: 'owner', type: 'address', value: owner },
        { name: '_threshold', type: 'uint256', value: '2' },
      ],
      accuracy: 'FULL_MATCH',
    });
  });

  it('decodes a batch and every call inside it', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [owner, 42n] });
    const data = encodeMultiSend([
      { operation: Operation.CALL, to: owner, value: parseEther('1'), data: '0x' },
      { operation: Operation.CALL, to: token, value: 0n, data: transfer },
    ]);
    const decoded = decodeCall(data);
    expect(decoded?.method).toBe('multiSend');
    expect(decoded?.parameters[0]?.valueDecoded).toEqual([
      { operation: 0, to: owner, value: parseEther('1').toString(), data: null, dataDecoded: null },
      {
        operation: 0,
        to: token,
        value: '0',
        data: transfer,
        dataDecoded: {
          method: 'transfer',
          parameters: [
            { name: 'to', type: 'address', value: owner },
            { name: 'value', type: 'uint256', value: '42' },
          ],
          accuracy: 'FULL_MATCH',
        },
      },
    ]);
  });

  it('tells the two safeTransferFrom overloads apart', () => {
    const data = encodeFunctionData({
      abi: knownCallsAbi,
      functionName: 'safeTransferFrom',
      args: [owner, token, 7n, '0xabcd'],
    });
    expect(decodeCall(data)?.parameters.map((p) => p.name)).toEqual(['from', 'to', 'tokenId', 'data']);
  });

  it('returns null for empty data and unknown methods', () => {
    expect(decodeCall('0x')).toBeNull();
    expect(decodeCall(null)).toBeNull();
    expect(decodeCall('0xdeadbeef00')).toBeNull();
  });
});
