import { BaseError, HttpRequestError, TimeoutError, type Address, type Client, type Hex } from 'viem';
import { call } from 'viem/actions';
import {
  EIP1271_MAGIC_VALUE,
  decodeRevertReason,
  isValidSignatureCalls,
  type SignatureCheckCall,
} from '@countersign/safe-core';
import { chainReader, revertDataOf } from '../../../lib/chainReader';

export type SignatureCheckVariant = {
  /** The hash-based form (returns 0x1626ba7e) or the legacy bytes-based one (0x20c13b0b). */
  variant: 'hash' | 'bytes';
  signature: string;
  expected: Hex;
  outcome:
    | { kind: 'valid' }
    /** The call succeeded and returned something else than the magic value (0x: nothing). */
    | { kind: 'wrong-value'; returned: Hex }
    | { kind: 'reverted'; reason: string };
};

/**
 * What the Safe says about a message's signatures. A message counts as signed when one of the two
 * forms of its isValidSignature returns its magic value (as the Safe Apps SDK and protocol-kit read
 * it); both are asked, and both answers are kept.
 */
export type OnChainCheck = { valid: boolean; variants: SignatureCheckVariant[] };

/** The chain's RPC did not answer: nothing is known about the signatures. */
export class SignatureCheckUnavailableError extends Error {
  override name = 'SignatureCheckUnavailableError';
}

const signatures: Record<SignatureCheckVariant['variant'], string> = {
  hash: 'isValidSignature(bytes32 hash, bytes signatures)',
  bytes: 'isValidSignature(bytes data, bytes signatures)',
};

async function ask(client: Client, check: SignatureCheckCall): Promise<SignatureCheckVariant> {
  const variant = check.expect === EIP1271_MAGIC_VALUE ? 'hash' : 'bytes';
  const base = { variant, signature: signatures[variant], expected: check.expect } as const;
  try {
    const { data = '0x' } = await call(client, { to: check.to, data: check.data });
    // A bytes4 comes back as one 32-byte word: the four bytes, then zeros.
    const word = data.toLowerCase();
    const valid =
      word.length === 66 && word.startsWith(check.expect.toLowerCase()) && /^0*$/.test(word.slice(10));
    return { ...base, outcome: valid ? { kind: 'valid' } : { kind: 'wrong-value', returned: data } };
  } catch (error) {
    if (!(error instanceof BaseError)) throw error;
    if (error.walk((link) => link instanceof HttpRequestError || link instanceof TimeoutError)) {
      throw new SignatureCheckUnavailableError(
        `The chain’s RPC does not answer, so the signature could not be checked on chain: ${error.shortMessage}`,
      );
    }
    const data = revertDataOf(error);
    const reason =
      data !== undefined
        ? decodeRevertReason(data)
        : (error.shortMessage.split('\n')[0] ?? 'reverted without a reason');
    return { ...base, outcome: { kind: 'reverted', reason } };
  }
}

/**
 * Asks the Safe on chain, by eth_call through the chain's RPC, whether `signatures` sign the message
 * whose hash (EIP-191 or EIP-712) is `contentHash`: isValidSignature(bytes32, bytes) and
 * isValidSignature(bytes, bytes), both served by the Safe's fallback handler.
 */
export async function checkSignatureOnChain(params: {
  rpcUrl: string;
  safe: Address;
  contentHash: Hex;
  signatures: Hex;
}): Promise<OnChainCheck> {
  // The shared reader: the specification's 10 s JSON-RPC timeout, no retry.
  const client = chainReader(params.rpcUrl);
  const calls = isValidSignatureCalls({
    safe: params.safe,
    contentHash: params.contentHash,
    signatures: params.signatures,
  });
  const variants = await Promise.all(calls.map((call) => ask(client, call)));
  return { valid: variants.some((v) => v.outcome.kind === 'valid'), variants };
}
