import type { Address, Client, Hex } from 'viem';
import { readContract } from 'viem/actions';
import {
  contractSignatureForm,
  isValidContractSignature,
  recoverSafeSignatures,
  safeAbi,
  safeTxHashes,
  type SafeSignatureType,
} from '@countersign/safe-core';
import type { ChainSafeState } from '../../safe';
import type { SharedSignature, SharedTx } from './sharedTx';

/** What one signature of a shared transaction turned out to be. */
export type CheckedSignature = SharedSignature & {
  type: SafeSignatureType | undefined;
  /** Why it does not count; absent when it does. */
  problem: string | undefined;
};

export type SharedTxCheck = {
  safeTxHash: Hex;
  domainHash: Hex;
  messageHash: Hex;
  /** Why it cannot be signed or executed here; absent when it can. */
  refusal: string | undefined;
  /** How the transaction's nonce stands against the Safe's. */
  nonce: { tx: number; safe: number };
  signatures: CheckedSignature[];
  /** The signatures that count, each owner once, with the owner each stands for. */
  counted: { signer: Address; signature: Hex }[];
};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Checks a transaction read from a link or a file against the page's Safe and the chain: the chain and
 * Safe it names, its hash recomputed from its fields (and the claimed one compared with it), its nonce
 * against the Safe's, and each signature as the Safe would read it: recovered (ECDSA, eth_sign), asked
 * of the owner's contract (EIP-1271, in the form the Safe's version asks) or read from approvedHashes.
 * `contractHash` is the Safe contract's own getTransactionHash of the fields, when it answered.
 */
export async function checkSharedTx(params: {
  shared: SharedTx;
  chainId: string;
  chainName: string;
  safe: Address;
  state: ChainSafeState;
  contractHash: Hex | undefined;
  client: Client;
}): Promise<SharedTxCheck> {
  const { shared, state } = params;
  const hashes = safeTxHashes({
    chainId: Number(params.chainId),
    safe: params.safe,
    tx: shared.tx,
    version: state.version,
  });
  const { safeTxHash } = hashes;
  const nonce = { tx: Number(shared.tx.nonce), safe: state.nonce };
  const refusal = (() => {
    if (shared.chainId !== params.chainId)
      return `It is a transaction on chain ${shared.chainId}, not on ${params.chainName} (${params.chainId}).`;
    if (!same(shared.safe, params.safe))
      return `It is a transaction of the Safe ${shared.safe}, not of this one.`;
    if (shared.safeTxHash && !same(shared.safeTxHash, safeTxHash))
      return `The safeTxHash it names (${shared.safeTxHash}) is not the hash of its fields (${safeTxHash}): a field was changed after it was shared.`;
    if (params.contractHash && !same(params.contractHash, safeTxHash))
      return `The Safe contract hashes its fields to ${params.contractHash}, not to ${safeTxHash}.`;
    if (nonce.tx < nonce.safe)
      return `Its nonce ${nonce.tx} is used already: the Safe is at nonce ${nonce.safe}, so it can never execute.`;
    return undefined;
  })();
  if (refusal !== undefined) {
    return {
      ...hashes,
      refusal,
      nonce,
      signatures: shared.signatures.map((s) => ({ ...s, type: undefined, problem: 'Not checked.' })),
      counted: [],
    };
  }
  const preimage: Hex = `0x1901${hashes.domainHash.slice(2)}${hashes.messageHash.slice(2)}`;
  const counted: SharedTxCheck['counted'] = [];
  const signatures: CheckedSignature[] = [];
  for (const signature of shared.signatures) {
    const checked = await checkOne(signature, {
      client: params.client,
      safe: params.safe,
      state,
      hash: safeTxHash,
      preimage,
    });
    const owner = checked.problem === undefined ? checked.signer : undefined;
    if (owner === undefined) signatures.push(checked);
    else if (counted.some((other) => same(other.signer, owner)))
      signatures.push({ ...checked, problem: 'The same owner signed twice: counted once.' });
    else {
      signatures.push(checked);
      counted.push({ signer: owner, signature: checked.signature });
    }
  }
  return { ...hashes, refusal, nonce, signatures, counted };
}

async function checkOne(
  signature: SharedSignature,
  context: { client: Client; safe: Address; state: ChainSafeState; hash: Hex; preimage: Hex },
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
  if (signature.signer !== undefined && !same(parsed.owner, signature.signer)) {
    return parsed.type === 'EOA' || parsed.type === 'ETH_SIGN'
      ? fail(
          `It does not sign this transaction: it recovers to ${parsed.owner}, not to ${signature.signer}.`,
          parsed.type,
        )
      : fail(`It names ${parsed.owner} inside, not ${signature.signer}.`, parsed.type);
  }
  if (!context.state.owners.some((owner) => same(owner, parsed.owner)))
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
