import type { Address, Client, Hex } from 'viem';
import { readContract } from 'viem/actions';
import {
  contractSignatureForm,
  isValidContractSignature,
  recoverSafeSignatures,
  safeAbi,
  type SafeSignatureType,
} from '@countersign/safe-core';
import type { ChainSafeState } from './chainState';
import { sameAddress } from '../../lib/address';

/**
 * One owner's signature as the Safe reads it (65 bytes, or a contract signature with its data), as
 * passed between owners in a link or a file. The signer is what the sharer names; a format that
 * names none leaves it to recovery.
 */
export type SharedSignature = { signer: Address | undefined; signature: Hex };

/** What one shared signature turned out to be. */
export type CheckedSignature = SharedSignature & {
  type: SafeSignatureType | undefined;
  /** Why it does not count; absent when it does. */
  problem: string | undefined;
};

export type CheckedSignatures = {
  signatures: CheckedSignature[];
  /** The signatures that count, each owner once, with the owner each stands for. */
  counted: { signer: Address; signature: Hex }[];
};

/**
 * Checks signatures of a Safe hash (a safeTxHash or a SafeMessage hash) as the Safe's
 * checkSignatures would: recovered (ECDSA, eth_sign) to a current owner, asked of an owner contract
 * (EIP-1271, in the form the Safe's version asks) or read from approvedHashes. `preimage` is the
 * EIP-712 encoding (0x1901 ‖ domain ‖ struct) older contract owners are asked about.
 */
export async function checkSharedSignatures(params: {
  signatures: readonly SharedSignature[];
  client: Client;
  safe: Address;
  state: ChainSafeState;
  hash: Hex;
  preimage: Hex;
  /** What the signatures sign, in the sentence of a signature that recovers to someone else. */
  subject: string;
}): Promise<CheckedSignatures> {
  const counted: CheckedSignatures['counted'] = [];
  const signatures: CheckedSignature[] = [];
  for (const signature of params.signatures) {
    const checked = await checkOne(signature, params);
    const owner = checked.problem === undefined ? checked.signer : undefined;
    if (owner === undefined) signatures.push(checked);
    else if (counted.some((other) => sameAddress(other.signer, owner)))
      signatures.push({ ...checked, problem: 'The same owner signed twice: counted once.' });
    else {
      signatures.push(checked);
      counted.push({ signer: owner, signature: checked.signature });
    }
  }
  return { signatures, counted };
}

async function checkOne(
  signature: SharedSignature,
  context: {
    client: Client;
    safe: Address;
    state: ChainSafeState;
    hash: Hex;
    preimage: Hex;
    subject: string;
  },
): Promise<CheckedSignature> {
  const fail = (problem: string, type?: SafeSignatureType): CheckedSignature => ({
    ...signature,
    type,
    problem,
  });
  let parsed;
  try {
    [parsed] = await recoverSafeSignatures(context.hash, signature.signature, 1);
  } catch (error) {
    return fail(
      `It is not a signature the Safe can read: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  if (!parsed) return fail('It is empty.');
  if (signature.signer !== undefined && !sameAddress(parsed.owner, signature.signer)) {
    return parsed.type === 'EOA' || parsed.type === 'ETH_SIGN'
      ? fail(
          `It does not sign this ${context.subject}: it recovers to ${parsed.owner}, not to ${signature.signer}.`,
          parsed.type,
        )
      : fail(`It names ${parsed.owner} inside, not ${signature.signer}.`, parsed.type);
  }
  if (!context.state.owners.some((owner) => sameAddress(owner, parsed.owner)))
    return fail(`${parsed.owner} is not an owner of this Safe.`, parsed.type);
  if (parsed.type === 'CONTRACT_SIGNATURE') {
    const data = `0x${parsed.signature.slice(2 + 65 * 2 + 64)}` as Hex;
    const accepted = await isValidContractSignature(
      context.client,
      parsed.owner,
      { hash: context.hash, preimage: context.preimage },
      data,
      contractSignatureForm(context.state.version),
    );
    if (!accepted) return fail(`The contract ${parsed.owner} does not accept it (EIP-1271).`, parsed.type);
  }
  if (parsed.type === 'APPROVED_HASH') {
    const approved = await readContract(context.client, {
      address: context.safe,
      abi: safeAbi,
      functionName: 'approvedHashes',
      args: [parsed.owner, context.hash],
    }).catch(() => undefined);
    if (approved === undefined) return fail('The chain could not be asked whether it approved.', parsed.type);
    if (approved === 0n) return fail(`${parsed.owner} has not approved this hash on chain.`, parsed.type);
  }
  return { signer: parsed.owner, signature: signature.signature, type: parsed.type, problem: undefined };
}

/** Every signature known from any source, each (signer, bytes) pair once: the check decides which count. */
export function mergeSignatures(...lists: readonly (readonly SharedSignature[])[]): SharedSignature[] {
  const merged = new Map<string, SharedSignature>();
  for (const list of lists)
    for (const signature of list) {
      const key = `${signature.signer?.toLowerCase() ?? ''}:${signature.signature.toLowerCase()}`;
      if (!merged.has(key)) merged.set(key, signature);
    }
  return [...merged.values()];
}

/** How each kind of counted signature reads in a list of signatures. */
export const signatureKinds: Record<SafeSignatureType, string> = {
  EOA: 'signed',
  ETH_SIGN: 'signed (eth_sign)',
  CONTRACT_SIGNATURE: 'signed as a contract (EIP-1271), accepted by its contract',
  APPROVED_HASH: 'approved on chain (approveHash)',
};
