import { spendCallBudget } from '../http/requestScope';
import { hexToBigInt, hexToNumber, size, slice, type Address, type Hex, type PublicClient } from 'viem';
import {
  contractSignatureForm,
  isValidContractSignature as askContract,
  recoverSafeSignatures,
  safeAbi,
  SafeSignatureError,
  type ParsedSafeSignature,
} from '@countersign/safe-core';

/**
 * Whether `signer` (a contract) accepts `signature` (safe-core's isValidContractSignature), counted
 * against the caller's budget: the signer's code is whatever the requester deployed, and each ask
 * is capped (see scopedTransport).
 */
export function isValidContractSignature(
  ...args: Parameters<typeof askContract>
): ReturnType<typeof askContract> {
  spendCallBudget();
  return askContract(...args);
}

/**
 * The contract signatures' data of one blob together: room for a few nested Safe signatures, not
 * for a payload that makes every request drag kilobytes through EIP-1271 calls.
 */
export const maxDynamicSignatureBytes = 8 * 1024;

/** A blob signed (or claimed) by somebody who is not an owner: refused before any chain call. */
export class NotAnOwnerError extends SafeSignatureError {
  override name = 'NotAnOwnerError';
  constructor(readonly signer: Address) {
    super(`${signer} is not an owner`);
  }
}

/**
 * How many 65-byte parts recoverSafeSignatures would read from `signatures` (up to the first
 * contract signature's data, or the end), read from the v bytes alone, without any recovery.
 */
function staticPartCount(signatures: Hex): number {
  const total = size(signatures);
  let staticEnd = total;
  let count = 0;
  while ((count + 1) * 65 <= staticEnd) {
    const part = slice(signatures, count * 65, count * 65 + 65);
    if (hexToNumber(slice(part, 64, 65)) === 0) {
      const offset = hexToBigInt(slice(part, 32, 64));
      if (offset < BigInt(staticEnd)) staticEnd = Math.max(Number(offset), (count + 1) * 65);
    }
    count++;
  }
  return count;
}

/**
 * Recovers who signed `hash` in a Safe signatures blob and checks what recovery alone cannot: a
 * contract owner's EIP-1271 answer and an owner's on-chain approval. The work is bounded by the
 * Safe: a blob may hold no more parts than it has owners (each recovery costs), no more contract data
 * than maxDynamicSignatureBytes, and every signer must be an owner before the chain is asked about
 * any of them (each question is an eth_call). Throws SafeSignatureError (NotAnOwnerError for a
 * signer who is not an owner).
 */
export async function verifySafeSignatures(
  client: PublicClient,
  params: {
    safe: Address;
    /** The Safe's version: which EIP-1271 question it asks contract owners (contractSignatureForm). */
    version: string | null;
    hash: Hex;
    preimage: Hex;
    signatures: Hex;
    owners: readonly Address[];
  },
): Promise<ParsedSafeSignature[]> {
  const { owners } = params;
  if (size(params.signatures) > owners.length * 65 + maxDynamicSignatureBytes)
    throw new SafeSignatureError("The signatures are longer than the Safe's owners could have made");
  if (size(params.signatures) >= 65 && staticPartCount(params.signatures) > owners.length)
    throw new SafeSignatureError('There are more signatures than the Safe has owners');
  let parsed: ParsedSafeSignature[];
  try {
    parsed = await recoverSafeSignatures(params.hash, params.signatures);
  } catch (error) {
    // An r or s that is no point on the curve fails inside the recovery itself.
    if (error instanceof SafeSignatureError) throw error;
    throw new SafeSignatureError('A signature could not be recovered');
  }
  const stranger = parsed.find((signature) => !owners.includes(signature.owner));
  if (stranger) throw new NotAnOwnerError(stranger.owner);
  for (const signature of parsed) {
    if (signature.type === 'CONTRACT_SIGNATURE') {
      const dynamic = `0x${signature.signature.slice(2 + 65 * 2 + 64)}` as Hex;
      const form = contractSignatureForm(params.version);
      if (!(await isValidContractSignature(client, signature.owner, params, dynamic, form))) {
        throw new SafeSignatureError(`The contract signature of ${signature.owner} is not valid`);
      }
    }
    if (signature.type === 'APPROVED_HASH') {
      const approved = await client.readContract({
        address: params.safe,
        abi: safeAbi,
        functionName: 'approvedHashes',
        args: [signature.owner, params.hash],
      });
      if (approved === 0n)
        throw new SafeSignatureError(`${signature.owner} has not approved this hash on chain`);
    }
  }
  return parsed;
}
