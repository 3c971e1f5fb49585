import { encodeAbiParameters, encodeFunctionData, isHex, parseAbi, size, type Address, type Hex } from 'viem';
import { safe141 } from './addresses';
import { Operation } from './operation';
import { hashSafeMessage } from './safeMessage';

export const signMessageLibAbi = parseAbi(['function signMessage(bytes _data)']);

/**
 * The bytes SignMessageLib.signMessage is given so that the Safe's isValidSignature(bytes32 hash, 0x)
 * accepts `contentHash` afterwards: the CompatibilityFallbackHandler, for an empty signature, requires
 * signedMessages[getMessageHashForSafe(safe, abi.encode(hash))] != 0, and signMessage(_data) sets
 * signedMessages[getMessageHash(_data)], the same SafeMessage hash of the same bytes.
 */
export function onChainSignedMessageData(contentHash: Hex): Hex {
  if (!isHex(contentHash, { strict: true }) || size(contentHash) !== 32)
    throw new Error(`A message hash is 32 bytes of hex, not ${JSON.stringify(contentHash.slice(0, 80))}`);
  return encodeAbiParameters([{ type: 'bytes32' }], [contentHash]);
}

/**
 * The Safe transaction's one call that signs `contentHash` on chain: a delegatecall to the canonical
 * SignMessageLib, so that the library writes the Safe's own signedMessages.
 */
export function signMessageOnChainCall(contentHash: Hex): {
  to: Address;
  value: bigint;
  data: Hex;
  operation: typeof Operation.DELEGATE;
} {
  return {
    to: safe141.signMessageLib,
    value: 0n,
    data: encodeFunctionData({
      abi: signMessageLibAbi,
      functionName: 'signMessage',
      args: [onChainSignedMessageData(contentHash)],
    }),
    operation: Operation.DELEGATE,
  };
}

/** The key of the Safe's signedMessages that the call sets to 1 (what the fallback handler looks up). */
export function onChainSignedMessageKey(params: { chainId: number; safe: Address; contentHash: Hex }): Hex {
  return hashSafeMessage({
    chainId: params.chainId,
    safe: params.safe,
    message: onChainSignedMessageData(params.contentHash),
  });
}
