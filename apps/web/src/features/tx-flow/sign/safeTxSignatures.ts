import { getAddress, hexToNumber, size, slice, type Address, type Hex } from 'viem';
import { approvedHashSignature, encodeSignatures, type OwnerSignature } from '@countersign/safe-core';
import { err, ok, type Result } from '../../../lib/result';

/** A confirmation as the gateway lists it: who signed, and the signature it stored. */
export type Confirmation = { signer: string; signature: string | null };

/**
 * One owner's part of `signatures`, from what the gateway stored: 65 bytes (ECDSA, eth_sign or an
 * approved hash), or a contract signature given as its static part {owner, offset, v=0} followed by
 * its length-prefixed data, as the transaction service stores them.
 */
export function ownerSignatureOf(confirmation: Confirmation): OwnerSignature | undefined {
  const { signature } = confirmation;
  if (!signature || !/^0x([0-9a-fA-F]{2})+$/.test(signature)) return undefined;
  const signer = getAddress(confirmation.signer);
  const bytes = signature as Hex;
  if (size(bytes) === 65) {
    // v = 0 with a dynamic part missing cannot be checked by the Safe.
    return hexToNumber(slice(bytes, 64, 65)) === 0 ? undefined : { signer, data: bytes };
  }
  if (size(bytes) < 65 + 32 || hexToNumber(slice(bytes, 64, 65)) !== 0) return undefined;
  const offset = hexToNumber(slice(bytes, 32, 64));
  if (offset + 32 > size(bytes)) return undefined;
  const length = hexToNumber(slice(bytes, offset, offset + 32));
  if (offset + 32 + length > size(bytes)) return undefined;
  return { signer, data: slice(bytes, offset + 32, offset + 32 + length), contract: true };
}

/**
 * Why an execution cannot be put together, or the `signatures` bytes for it: the current owners'
 * confirmations sorted by owner, with the executing owner's own approval in its pre-validated form
 * (msg.sender is the owner) when their signature is still needed.
 */
export function executionSignatures(params: {
  confirmations: readonly Confirmation[];
  owners: readonly string[];
  threshold: number;
  executor: Address | undefined;
}): Result<{ signatures: Hex; usesExecutorApproval: boolean }, { missing: number }> {
  const owners = new Set(params.owners.map((owner) => owner.toLowerCase()));
  const usable = params.confirmations
    .filter((confirmation) => owners.has(confirmation.signer.toLowerCase()))
    .map(ownerSignatureOf)
    .filter((signature): signature is OwnerSignature => signature !== undefined);
  const executor = params.executor?.toLowerCase();
  const executorIsOwner = executor !== undefined && owners.has(executor);
  const executorSigned = usable.some((signature) => signature.signer.toLowerCase() === executor);
  if (usable.length >= params.threshold) {
    // Only the first `threshold` (by owner) are read by the Safe: give exactly those.
    const chosen = [...usable]
      .sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1))
      .slice(0, params.threshold);
    return ok({ signatures: encodeSignatures(chosen), usesExecutorApproval: false });
  }
  if (params.executor && executorIsOwner && !executorSigned && usable.length + 1 >= params.threshold) {
    const own: OwnerSignature = {
      signer: getAddress(params.executor),
      data: approvedHashSignature(params.executor),
    };
    return ok({ signatures: encodeSignatures([...usable, own]), usesExecutorApproval: true });
  }
  return err({ missing: params.threshold - usable.length - (executorIsOwner && !executorSigned ? 1 : 0) });
}

/** Wallets (Ledger among them) may answer v as 0/1; the Safe reads ECDSA signatures with v 27/28. */
export function normalizeSignature(signature: Hex): Hex {
  if (size(signature) !== 65) return signature;
  const v = hexToNumber(slice(signature, 64, 65));
  return v < 27 ? (`${signature.slice(0, 130)}${(v + 27).toString(16).padStart(2, '0')}` as Hex) : signature;
}
