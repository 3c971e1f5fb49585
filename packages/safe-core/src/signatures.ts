import {
  concat,
  encodeFunctionData,
  hexToNumber,
  numberToHex,
  pad,
  size,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { safeAbi } from './abis';

/**
 * One owner's part of a Safe's `signatures` bytes: a 65-byte signature, or for a contract owner
 * (EIP-1271) the bytes its isValidSignature accepts, which go into the dynamic part.
 */
export type OwnerSignature = { signer: Address; data: Hex; contract?: boolean };

/**
 * Builds the `signatures` bytes Safe.checkSignatures reads: one 65-byte static part per owner, sorted
 * by owner address ascending, then the contract signatures' dynamic parts (length-prefixed), each
 * static part of a contract owner being {owner, offset, v = 0}.
 */
export function encodeSignatures(signatures: readonly OwnerSignature[]): Hex {
  const sorted = [...signatures].sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1));
  const staticParts: Hex[] = [];
  const dynamicParts: Hex[] = [];
  let offset = sorted.length * 65;
  for (const s of sorted) {
    if (s.contract) {
      staticParts.push(concat([pad(s.signer, { size: 32 }), numberToHex(offset, { size: 32 }), '0x00']));
      const part = concat([numberToHex(size(s.data), { size: 32 }), s.data]);
      dynamicParts.push(part);
      offset += size(part);
      continue;
    }
    if (size(s.data) !== 65) throw new Error(`Signature of ${s.signer} is not 65 bytes long`);
    staticParts.push(s.data);
  }
  return sorted.length === 0 ? '0x' : concat([...staticParts, ...dynamicParts]);
}

/**
 * Safe marks an eth_sign (personal_sign) signature by adding 4 to v, so that it recovers the signer
 * from the prefixed hash instead of the raw one.
 */
export function toEthSignSignature(signature: Hex): Hex {
  const v = hexToNumber(slice(signature, 64, 65));
  return concat([slice(signature, 0, 64), numberToHex(v + 4, { size: 1 })]);
}

/**
 * The calldata of `approveHash(safeTxHash)` on a Safe: what an owner (an account, or a parent Safe
 * through a transaction of its own) sends to approve a transaction on chain.
 */
export const approveHashCalldata = (safeTxHash: Hex): Hex =>
  encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [safeTxHash] });

/** The signature that stands for an owner who approved the hash on chain (approveHash) or sends the tx. */
export function approvedHashSignature(owner: Address): Hex {
  return concat([pad(owner, { size: 32 }), pad('0x00', { size: 32 }), '0x01']);
}
