import { encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';

/**
 * A Safe message counts as signed only when the Safe itself says so: its isValidSignature (served by
 * the fallback handler) returns the EIP-1271 magic value. Two forms exist and both are tried: the
 * hash form returns 0x1626ba7e, the legacy bytes form 0x20c13b0b.
 */
export const EIP1271_MAGIC_VALUE = '0x1626ba7e';
export const EIP1271_LEGACY_MAGIC_VALUE = '0x20c13b0b';

const isValidSignatureAbi = parseAbi([
  'function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)',
  'function isValidSignature(bytes _data, bytes _signature) view returns (bytes4)',
]);

export type SignatureCheckCall = { to: Address; data: Hex; expect: Hex };

/** The two eth_calls that ask the Safe whether `signatures` sign the message whose hash is `contentHash`. */
export function isValidSignatureCalls(params: {
  safe: Address;
  contentHash: Hex;
  signatures: Hex;
}): SignatureCheckCall[] {
  return [
    {
      to: params.safe,
      // One overload only: a 32-byte hash fits `bytes` too, and viem would pick that one.
      data: encodeFunctionData({
        abi: [isValidSignatureAbi[0]],
        functionName: 'isValidSignature',
        args: [params.contentHash, params.signatures],
      }),
      expect: EIP1271_MAGIC_VALUE,
    },
    {
      to: params.safe,
      // The legacy form takes the message bytes; here they are the 32-byte hash itself.
      data: encodeFunctionData({
        abi: [isValidSignatureAbi[1]],
        functionName: 'isValidSignature',
        args: [params.contentHash, params.signatures],
      }),
      expect: EIP1271_LEGACY_MAGIC_VALUE,
    },
  ];
}
