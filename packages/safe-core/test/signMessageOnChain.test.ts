import { decodeFunctionData, hashMessage, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  hashSafeMessage,
  onChainSignedMessageData,
  onChainSignedMessageKey,
  safe141,
  safeMessageHash,
  signMessageLibAbi,
  signMessageOnChainCall,
} from '../src';

const safe: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const hash = hashMessage('hello dapp');

describe('signing a message on chain through SignMessageLib', () => {
  it('gives signMessage abi.encode(hash): for a bytes32, its 32 bytes as they are', () => {
    expect(onChainSignedMessageData(hash)).toBe(hash);
  });

  it('refuses anything but 32 bytes of hex', () => {
    for (const bad of ['0x1234', `${hash}00`, 'hello', `0x${'zz'.repeat(32)}`])
      expect(() => onChainSignedMessageData(bad as Hex)).toThrow('A message hash is 32 bytes of hex');
  });

  it('is one delegatecall, without value, to the canonical SignMessageLib calling signMessage(_data)', () => {
    const call = signMessageOnChainCall(hash);
    expect(call).toMatchObject({ to: safe141.signMessageLib, value: 0n, operation: 1 });
    expect(call.data.slice(0, 10)).toBe('0x85a5affe');
    expect(decodeFunctionData({ abi: signMessageLibAbi, data: call.data })).toEqual({
      functionName: 'signMessage',
      args: [hash],
    });
  });

  it('sets the signedMessages key the off-chain flow signs: the SafeMessage hash of the content hash', () => {
    const key = onChainSignedMessageKey({ chainId: 1337, safe, contentHash: hash });
    expect(key).toBe(hashSafeMessage({ chainId: 1337, safe, message: hash }));
    expect(key).toBe(safeMessageHash({ chainId: 1337, safe, message: 'hello dapp' }));
    expect(onChainSignedMessageKey({ chainId: 1, safe, contentHash: hash })).not.toBe(key);
  });
});
