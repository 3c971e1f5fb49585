import type { Address, Client, Hex } from 'viem';
import { safeTxHashes } from '@countersign/safe-core';
import { checkSharedSignatures, type ChainSafeState, type CheckedSignatures } from '../../safe';
import type { SharedTx } from './sharedTx';

export type SharedTxCheck = {
  safeTxHash: Hex;
  domainHash: Hex;
  messageHash: Hex;
  /** Why it cannot be signed or executed here; absent when it can. */
  refusal: string | undefined;
  /** How the transaction's nonce stands against the Safe's. */
  nonce: { tx: number; safe: number };
} & CheckedSignatures;

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
  const checked = await checkSharedSignatures({
    signatures: shared.signatures,
    client: params.client,
    safe: params.safe,
    state,
    hash: safeTxHash,
    preimage,
    subject: 'transaction',
  });
  return { ...hashes, refusal, nonce, ...checked };
}
