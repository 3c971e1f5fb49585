import { isTrustedDelegateCallTarget } from '@countersign/safe-core';
import type { Address } from 'viem';
import { isDelegateOf } from '../delegates/store';
import { unprocessable } from '../http/errors';
import type { Queryable } from '../store';
import { vouchedQueuedNonces } from './store';

/**
 * How far ahead of the Safe's nonce a proposal may be. Owners queue a handful of transactions, rarely
 * dozens; a proposal a million nonces ahead can never execute before everything before it, and would
 * only push every client's recommended nonce out of reach.
 */
export const MAX_NONCE_AHEAD = 100;

type SafeNow = { address: Address; nonce: number; owners: readonly Address[] };

/**
 * The next nonce to propose at: the Safe's own, moved past each nonce already taken by an attributed
 * proposal waiting in the queue (confirmed by a current owner, or proposed by a delegate), up to the
 * first free one. The first gap wins over max + 1: the Safe cannot execute anything after a gap until
 * the gap is filled, so that is where a new proposal belongs; and a proposal nobody vouches for (an
 * unsigned row of an older gateway, or one whose signer has since left the owners) moves nothing.
 */
export async function recommendedNonce(db: Queryable, chainId: string, safe: SafeNow): Promise<number> {
  const taken = await vouchedQueuedNonces(db, chainId, safe.address, {
    from: safe.nonce,
    to: safe.nonce + MAX_NONCE_AHEAD,
    owners: safe.owners,
  });
  let next = safe.nonce;
  while (taken.has(next)) next++;
  return next;
}

/** A proposal's nonce is the Safe's or a later one, at most MAX_NONCE_AHEAD later. */
export function checkProposedNonce(nonce: bigint, safe: SafeNow): void {
  if (nonce < BigInt(safe.nonce) || nonce > BigInt(safe.nonce + MAX_NONCE_AHEAD))
    throw unprocessable('Invalid nonce');
}

type Stored = { executedAtMs: number | null; nonce: number };

/** A queued transaction whose nonce the Safe has used since can never execute: nothing to confirm. */
export function checkNonceUnused(record: Stored, safe: { nonce: number }): void {
  if (record.nonce < safe.nonce) throw unprocessable('Invalid nonce');
}

/** An executed transaction is history: it can be neither deleted, confirmed nor proposed again. */
export function checkNotExecuted(record: Stored | undefined, refusal: string): void {
  if (record && record.executedAtMs !== null) throw unprocessable(refusal);
}

/** A delegate call runs the target's code in the Safe: only to Safe's own libraries. */
export function checkOperation(operation: number, to: Address): void {
  if (operation === 1 && !isTrustedDelegateCallTarget(to)) throw unprocessable('Delegate call is disabled');
}

/** Who may propose for a Safe: its owners, and the delegates of its current owners. */
export async function proposerRole(
  db: Queryable,
  chainId: string,
  safe: SafeNow,
  sender: Address,
): Promise<'owner' | 'delegate'> {
  if (safe.owners.includes(sender)) return 'owner';
  if (await isDelegateOf(db, { chainId, safe: safe.address, address: sender, owners: safe.owners }))
    return 'delegate';
  throw unprocessable('Unauthorized address');
}

/** Keeps `origin` only when it is JSON, with any HTML taken out of its note. */
export function cleanOrigin(origin: string | null): string | null {
  if (!origin) return null;
  try {
    const parsed = JSON.parse(origin) as Record<string, unknown>;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    if (typeof parsed.note === 'string') parsed.note = parsed.note.replace(/<[^>]*>/g, '').trim();
    return JSON.stringify(parsed);
  } catch {
    return null;
  }
}
