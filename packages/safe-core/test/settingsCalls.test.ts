import { decodeFunctionData, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  addOwnerCall,
  changeThresholdCall,
  disableModuleCall,
  previousInList,
  removeOwnerCall,
  safeAbi,
  sentinelAddress,
  setGuardCall,
  swapOwnerCall,
  zeroAddress,
} from '../src';

const [a, b, c, d] = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
] as Address[];
const owners = [a!, b!, c!];
const decode = (data: `0x${string}`) => decodeFunctionData({ abi: safeAbi, data });

describe('settings calls', () => {
  it('names the previous entry of the linked list: the sentinel for the first', () => {
    expect(previousInList(owners, a!)).toBe(sentinelAddress);
    expect(previousInList(owners, c!.toLowerCase() as Address)).toBe(b);
    expect(() => previousInList(owners, d!)).toThrow('is not in the list');
  });

  it('adds an owner with a new threshold, refusing an owner already there or a threshold too high', () => {
    expect(decode(addOwnerCall(owners, d!, 3n))).toEqual({
      functionName: 'addOwnerWithThreshold',
      args: [d, 3n],
    });
    expect(() => addOwnerCall(owners, b!, 2n)).toThrow('is already an owner');
    expect(() => addOwnerCall(owners, d!, 5n)).toThrow('cannot be higher than the number of owners (4)');
    expect(() => addOwnerCall(owners, sentinelAddress, 1n)).toThrow('cannot be an owner');
  });

  it('removes and swaps owners by their previous entry', () => {
    expect(decode(removeOwnerCall(owners, b!, 2n))).toEqual({
      functionName: 'removeOwner',
      args: [a, b, 2n],
    });
    expect(() => removeOwnerCall(owners, b!, 3n)).toThrow('(2)');
    expect(() => removeOwnerCall([a!], a!, 1n)).toThrow('at least one owner');
    expect(decode(swapOwnerCall(owners, a!, d!))).toEqual({
      functionName: 'swapOwner',
      args: [sentinelAddress, a, d],
    });
  });

  it('changes the threshold within 1..owners', () => {
    expect(decode(changeThresholdCall(3, 3n))).toEqual({ functionName: 'changeThreshold', args: [3n] });
    expect(() => changeThresholdCall(3, 0n)).toThrow('at least 1');
  });

  it('disables a module and removes a guard', () => {
    expect(decode(disableModuleCall([d!], d!))).toEqual({
      functionName: 'disableModule',
      args: [sentinelAddress, d],
    });
    expect(decode(setGuardCall(zeroAddress))).toEqual({ functionName: 'setGuard', args: [zeroAddress] });
  });
});
