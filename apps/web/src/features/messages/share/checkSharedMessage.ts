import type { Address, Client, Hex } from 'viem';
import { checkSharedSignatures, type ChainSafeState, type CheckedSignatures } from '../../safe';
import { computeMessageHashes, type MessageHashes } from '../messageHashes';
import type { SharedMessage } from './sharedMessage';

export type SharedMessageCheck = {
  hashes: MessageHashes;
  /** Why it cannot be signed here; absent when it can. */
  refusal: string | undefined;
} & CheckedSignatures;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Checks a message read from a link or a file against the page's Safe and the chain: the chain and
 * Safe it names, its SafeMessage hash computed here from the content (and the claimed one compared
 * with it), and each signature as the Safe would read it (see checkSharedSignatures).
 */
export async function checkSharedMessage(params: {
  shared: SharedMessage;
  chainId: string;
  chainName: string;
  safe: Address;
  state: ChainSafeState;
  client: Client;
}): Promise<SharedMessageCheck> {
  const { shared } = params;
  const hashes = computeMessageHashes({
    chainId: Number(params.chainId),
    safe: params.safe,
    message: shared.message,
  });
  const refusal = (() => {
    if (shared.chainId !== params.chainId)
      return `It is a message for chain ${shared.chainId}, not for ${params.chainName} (${params.chainId}).`;
    if (!same(shared.safe, params.safe))
      return `It is a message for the Safe ${shared.safe}, not for this one.`;
    if (!hashes.ok) return `Its hash cannot be computed: ${hashes.reason}`;
    if (shared.safeMessageHash && !same(shared.safeMessageHash, hashes.safeMessageHash))
      return `The SafeMessage hash it names (${shared.safeMessageHash}) is not the hash of its content (${hashes.safeMessageHash}): the content was changed after it was shared.`;
    return undefined;
  })();
  if (refusal !== undefined || !hashes.ok) {
    return {
      hashes,
      refusal,
      signatures: shared.signatures.map((s) => ({ ...s, type: undefined, problem: 'Not checked.' })),
      counted: [],
    };
  }
  const preimage: Hex = `0x1901${hashes.domainHash.slice(2)}${hashes.structHash.slice(2)}`;
  const checked = await checkSharedSignatures({
    signatures: shared.signatures,
    client: params.client,
    safe: params.safe,
    state: params.state,
    hash: hashes.safeMessageHash,
    preimage,
    subject: 'message',
  });
  return { hashes, refusal, ...checked };
}
