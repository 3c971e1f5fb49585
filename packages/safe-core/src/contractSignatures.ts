import { parseAbi, type Address, type Client, type Hex } from 'viem';
import { readContract } from 'viem/actions';
import { EIP1271_LEGACY_MAGIC_VALUE, EIP1271_MAGIC_VALUE } from './messageSignatureCheck';
import { versionAtLeast } from './safeTxHashes';

// One ABI per variant: with a 32-byte argument the two overloads would be ambiguous.
const hashVariantAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
]);
const bytesVariantAbi = parseAbi([
  'function isValidSignature(bytes data, bytes signature) view returns (bytes4)',
]);

/**
 * Which EIP-1271 question a Safe of `version` asks a contract owner in checkSignatures: before 1.5.0
 * the legacy isValidSignature(bytes, bytes) about the EIP-712 preimage, from 1.5.0 the
 * isValidSignature(bytes32, bytes) about the hash. A contract answers the two differently (a Safe
 * owner wraps each as another message), so a confirmation counts only in the form its Safe asks.
 */
export function contractSignatureForm(version: string | null): ContractSignatureForm {
  return versionAtLeast(version, '1.5.0') ? 'hash' : 'preimage';
}
export type ContractSignatureForm = 'preimage' | 'hash';

/**
 * Whether `signer` (a contract) accepts `signature`: asked in `form` only, or, for a signature that
 * is not checked by a Safe (Sign-In, delegates), first over the EIP-712 preimage (legacy form), then
 * over the hash, for wallets that implement only that. A revert or any other answer means no.
 */
export async function isValidContractSignature(
  client: Client,
  signer: Address,
  signed: { hash: Hex; preimage: Hex },
  signature: Hex,
  form?: ContractSignatureForm,
): Promise<boolean> {
  if (form !== 'hash') {
    const legacy = await readContract(client, {
      address: signer,
      abi: bytesVariantAbi,
      functionName: 'isValidSignature',
      args: [signed.preimage, signature],
    }).catch(() => undefined);
    if (legacy === EIP1271_LEGACY_MAGIC_VALUE) return true;
    if (form === 'preimage') return false;
  }
  try {
    const answer = await readContract(client, {
      address: signer,
      abi: hashVariantAbi,
      functionName: 'isValidSignature',
      args: [signed.hash, signature],
    });
    return answer === EIP1271_MAGIC_VALUE;
  } catch {
    return false;
  }
}
