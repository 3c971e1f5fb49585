import { concat, hexToNumber, numberToHex, pad, size, slice, type Address, type Hex } from 'viem';

/** One owner's part of a Safe's `signatures` bytes. */
export type OwnerSignature = { signer: Address; data: Hex };

/**
 * Concatenates owner signatures the way Safe.checkSignatures reads them: sorted by owner address,
 * ascending. Only 65-byte static parts are supported here; contract signatures need a dynamic part.
 */
export function encodeSignatures(signatures: readonly OwnerSignature[]): Hex {
  const sorted = [...signatures].sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1));
  for (const s of sorted) {
    if (size(s.data) !== 65) throw new Error(`Signature of ${s.signer} is not 65 bytes long`);
  }
  return sorted.length === 0 ? '0x' : concat(sorted.map((s) => s.data));
}

/**
 * Safe marks an eth_sign (personal_sign) signature by adding 4 to v, so that it recovers the signer
 * from the prefixed hash instead of the raw one.
 */
export function toEthSignSignature(signature: Hex): Hex {
  const v = hexToNumber(slice(signature, 64, 65));
  return concat([slice(signature, 0, 64), numberToHex(v + 4, { size: 1 })]);
}

/** The signature that stands for an owner who approved the hash on chain (approveHash) or sends the tx. */
export function approvedHashSignature(owner: Address): Hex {
  return concat([pad(owner, { size: 32 }), pad('0x00', { size: 32 }), '0x01']);
}
