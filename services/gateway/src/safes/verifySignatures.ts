import { parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import {
  recoverSafeSignatures,
  safeAbi,
  SafeSignatureError,
  type ParsedSafeSignature,
} from '@countersign/safe-core';

/** EIP-1271: the hash-based check answers 0x1626ba7e, the legacy bytes-based one 0x20c13b0b. */
export const eip1271MagicValue = '0x1626ba7e';
export const legacyEip1271MagicValue = '0x20c13b0b';

// One ABI per variant: with a 32-byte argument the two overloads would be ambiguous.
const hashVariantAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
]);
const bytesVariantAbi = parseAbi([
  'function isValidSignature(bytes data, bytes signature) view returns (bytes4)',
]);

/**
 * Whether `signer` (a contract) accepts `signature`. First the bytes-based check over the EIP-712
 * preimage, which is what Safe 1.4.1 itself asks a contract owner on chain; then the hash-based one,
 * for wallets that implement only that. A revert or any other answer means no.
 */
export async function isValidContractSignature(
  client: PublicClient,
  signer: Address,
  signed: { hash: Hex; preimage: Hex },
  signature: Hex,
): Promise<boolean> {
  try {
    const answer = await client.readContract({
      address: signer,
      abi: bytesVariantAbi,
      functionName: 'isValidSignature',
      args: [signed.preimage, signature],
    });
    if (answer === legacyEip1271MagicValue) return true;
  } catch {
    // Not this variant, or not a contract at all.
  }
  try {
    const answer = await client.readContract({
      address: signer,
      abi: hashVariantAbi,
      functionName: 'isValidSignature',
      args: [signed.hash, signature],
    });
    return answer === eip1271MagicValue;
  } catch {
    return false;
  }
}

/**
 * Recovers who signed `hash` in a Safe signatures blob and checks what recovery alone cannot: a
 * contract owner's EIP-1271 answer and an owner's on-chain approval. Throws SafeSignatureError.
 */
export async function verifySafeSignatures(
  client: PublicClient,
  params: { safe: Address; hash: Hex; preimage: Hex; signatures: Hex },
): Promise<ParsedSafeSignature[]> {
  const parsed = await recoverSafeSignatures(params.hash, params.signatures);
  for (const signature of parsed) {
    if (signature.type === 'CONTRACT_SIGNATURE') {
      const dynamic = `0x${signature.signature.slice(2 + 65 * 2 + 64)}` as Hex;
      if (!(await isValidContractSignature(client, signature.owner, params, dynamic))) {
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
