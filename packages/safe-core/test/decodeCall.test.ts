import { encodeFunctionData, erc20Abi, parseAbi, parseEther, type AbiFunction } from 'viem';
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

  describe('with an ABI supplied for the callee', () => {
    const vault = '0x9fe46736679d2d9a65F0992f20272DE9f3c7fa6E';
    const vaultAbi = parseAbi([
      'function deposit(uint256 assets, address receiver)',
      'function deposit(uint256 assets)',
      // Same selector as ERC-20 transfer: the known method must win.
      'function transfer(address to, uint256 value)',
    ]) as readonly AbiFunction[];
    const abiFor = (address: string) =>
      address.toLowerCase() === vault.toLowerCase() ? vaultAbi : undefined;
    const deposit = encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [5n, owner] });

    it('decodes a method only that ABI names, and says where the method came from', () => {
      expect(decodeCall(deposit, { to: vault, abiFor })).toEqual({
        method: 'deposit',
        parameters: [
          { name: 'assets', type: 'uint256', value: '5' },
          { name: 'receiver', type: 'address', value: owner },
        ],
        accuracy: 'FULL_MATCH',
        source: 'supplied-abi',
      });
      const single = encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [9n] });
      expect(decodeCall(single, { to: vault, abiFor })?.parameters).toEqual([
        { name: 'assets', type: 'uint256', value: '9' },
      ]);
    });

    it('uses no ABI for another contract, and never lets a supplied ABI override a known method', () => {
      expect(decodeCall(deposit, { to: token, abiFor })).toBeNull();
      expect(decodeCall(deposit)).toBeNull();
      const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [owner, 1n] });
      expect(decodeCall(transfer, { to: vault, abiFor })?.source).toBeUndefined();
    });

    it('decodes each part of a batch with the ABI of the contract that part calls', () => {
      const data = encodeMultiSend([
        { operation: Operation.CALL, to: vault, value: 0n, data: deposit },
        { operation: Operation.CALL, to: token, value: 0n, data: deposit },
      ]);
      const parts = decodeCall(data, { abiFor })?.parameters[0]?.valueDecoded;
      expect(parts?.map((part) => part.dataDecoded?.method ?? null)).toEqual(['deposit', null]);
    });
  });
});
