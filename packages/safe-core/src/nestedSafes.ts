import { concat, type Address, type Hex } from 'viem';
import { safeMessageHashes } from './safeMessageSignatures';
import type { SafeTx } from './safeTx';
import { safeTxHashes, versionAtLeast } from './safeTxHashes';
import { encodeSignatures, type OwnerSignature } from './signatures';

/**
 * Something a Safe signs (a SafeTx or a SafeMessage) as its owners see it: the EIP-712 hash, and the
 * bytes that hash is the keccak256 of (0x1901 ‖ domain separator ‖ struct hash).
 */
export type SignedBySafe = { hash: Hex; preimage: Hex };

export function safeTxSigned(params: {
  chainId: number;
  safe: Address;
  version: string | null;
  tx: SafeTx;
}): SignedBySafe {
  const { domainHash, messageHash, safeTxHash } = safeTxHashes(params);
  return { hash: safeTxHash, preimage: concat(['0x1901', domainHash, messageHash]) };
}

/** A SafeMessage of `safe` over `data` (a content hash, or raw bytes; see safeMessageData). */
export function safeMessageSigned(params: { chainId: number; safe: Address; data: Hex }): SignedBySafe {
  const { domainHash, structHash, safeMessageHash } = safeMessageHashes({ ...params, message: params.data });
  return { hash: safeMessageHash, preimage: concat(['0x1901', domainHash, structHash]) };
}

/**
 * What a Safe that owns `child` must sign for it, as a message of its own: exactly the bytes the
 * child's checkSignatures hands to the owner's isValidSignature. Safes before 1.5.0 call the legacy
 * isValidSignature(bytes, bytes) with the preimage; 1.5.0 calls isValidSignature(bytes32, bytes)
 * with the hash, which the owner's fallback handler passes on as abi.encode(hash): the hash's 32 bytes.
 */
export function parentMessageBytes(childVersion: string | null, signed: SignedBySafe): Hex {
  return versionAtLeast(childVersion, '1.5.0') ? signed.hash : signed.preimage;
}

/**
 * A parent Safe's confirmation for its child: the contract signature {r = parent, s = offset, v = 0}
 * whose dynamic part is the parent's own owners' signatures (encoded as the parent's checkSignatures
 * reads them).
 */
export function parentConfirmation(parent: Address, parentSignatures: Hex): OwnerSignature {
  return { signer: parent, data: parentSignatures, contract: true };
}

/** The parent's confirmation as one owner's signature bytes, the form a gateway stores and lists. */
export function encodeParentConfirmation(parent: Address, parentSignatures: Hex): Hex {
  return encodeSignatures([parentConfirmation(parent, parentSignatures)]);
}
