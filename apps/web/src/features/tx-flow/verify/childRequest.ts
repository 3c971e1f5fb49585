import { keccak256, size, slice, type Address, type Hex } from 'viem';
import {
  multisigTxId,
  type ChainInfo,
  type GatewayClient,
  type SafeMessage,
  type TransactionDetails,
} from '@countersign/gateway-api';
import {
  parentMessageBytes,
  safeMessageData,
  safeMessageSigned,
  type AnySafeMessage,
  safeDomainHash,
  safeTxSigned,
  type AbiLookup,
  type SafeTx,
} from '@countersign/safe-core';
import { orNotFound } from '../../../lib/gatewayErrors';
import { safeVersionOnChain } from '../../nested-safes';
import { transactionVerdict } from './useTransactionVerdict';

/** The most Safes owned by one Safe that are looked through for what its message confirms. */
export const maxChildrenLooked = 20;

/**
 * What a raw-bytes message of a Safe confirms for a Safe it owns, found and checked here: a queued
 * transaction of a child whose fields hash (recomputed) to what the bytes say, in the form the
 * child's version asks (`formMatches` is false when the bytes are the other versions' form, which the
 * child's contract would refuse).
 */
export type ChildRequest =
  | {
      kind: 'transaction';
      child: Address;
      details: TransactionDetails;
      tx: SafeTx;
      safeTxHash: Hex;
      nonce: number;
      formMatches: boolean;
    }
  | {
      kind: 'message';
      child: Address;
      /** The child's message, as the gateway serves it; its hash is recomputed from its content. */
      message: SafeMessage;
      formMatches: boolean;
    }
  | { kind: 'unknown' };

/** The hash the bytes stand for, for a child: an EIP-712 preimage over its domain, or a bare hash. */
function hashFor(bytes: Hex, chainId: number, child: Address): Hex | undefined {
  if (size(bytes) === 32) return bytes;
  if (size(bytes) === 66 && bytes.toLowerCase().startsWith('0x1901')) {
    return slice(bytes, 2, 34).toLowerCase() === safeDomainHash({ chainId, safe: child }).toLowerCase()
      ? keccak256(bytes)
      : undefined;
  }
  return undefined;
}

export async function findChildRequest(params: {
  gateway: GatewayClient;
  chain: ChainInfo;
  parent: Address;
  bytes: Hex;
  abiFor: AbiLookup;
  signal?: AbortSignal;
}): Promise<ChildRequest> {
  const { gateway, chain, parent, bytes, abiFor, signal } = params;
  const chainId = Number(chain.chainId);
  const { safes } = await gateway.getOwnedSafes({ chainId: chain.chainId, ownerAddress: parent }, { signal });
  for (const child of safes.slice(0, maxChildrenLooked) as Address[]) {
    const hash = hashFor(bytes, chainId, child);
    if (!hash) continue;
    const details = await orNotFound(
      gateway.getTransaction({ chainId: chain.chainId, id: multisigTxId(child, hash) }, { signal }),
    );
    const version = await safeVersionOnChain(chain, child);
    if (!details) {
      const message = await orNotFound(
        gateway.getMessage({ chainId: chain.chainId, messageHash: hash }, { signal }),
      );
      if (!message) continue;
      // The gateway's message counts only if its content hashes, over the child's domain, to the hash.
      const signed = safeMessageSigned({ chainId, safe: child, data: messageData(message.message) });
      if (signed.hash.toLowerCase() !== hash.toLowerCase()) continue;
      return {
        kind: 'message',
        child,
        message,
        formMatches: parentMessageBytes(version, signed).toLowerCase() === bytes.toLowerCase(),
      };
    }
    const checked = checkedChildTransaction(details, { chainId, child, version, hash, abiFor });
    if (!checked) continue;
    const expected = parentMessageBytes(
      version,
      safeTxSigned({ chainId, safe: child, version, tx: checked.tx }),
    );
    return { ...checked, formMatches: expected.toLowerCase() === bytes.toLowerCase() };
  }
  return { kind: 'unknown' };
}

/** The gateway's transaction, counted only when its fields hash (recomputed here) to `hash`. */
function checkedChildTransaction(
  details: TransactionDetails,
  params: { chainId: number; child: Address; version: string | null; hash: Hex; abiFor: AbiLookup },
) {
  const { chainId, child, version, hash, abiFor } = params;
  const verdict = transactionVerdict(details, { chainId, address: child, version }, abiFor);
  if (verdict.kind !== 'checked' || verdict.safeTxHash.toLowerCase() !== hash.toLowerCase()) return undefined;
  return {
    kind: 'transaction' as const,
    child,
    details,
    tx: verdict.tx,
    safeTxHash: verdict.safeTxHash,
    nonce: Number(verdict.tx.nonce),
  };
}

/**
 * What an on-chain approval (`approveHash(hash)` called on `child`) approves: the child's queued
 * transaction of that hash, its fields hashed again here; undefined when the gateway knows none that
 * does.
 */
export async function findApprovedTransaction(params: {
  gateway: GatewayClient;
  chain: ChainInfo;
  child: Address;
  hash: Hex;
  abiFor: AbiLookup;
  signal?: AbortSignal;
}) {
  const { gateway, chain, child, hash, abiFor, signal } = params;
  const details = await orNotFound(
    gateway.getTransaction({ chainId: chain.chainId, id: multisigTxId(child, hash) }, { signal }),
  );
  if (!details) return undefined;
  const version = await safeVersionOnChain(chain, child);
  return checkedChildTransaction(details, { chainId: Number(chain.chainId), child, version, hash, abiFor });
}

/** What SafeMessage wraps for a message as the gateway serves it. */
function messageData(message: SafeMessage['message']): Hex {
  return safeMessageData(message as AnySafeMessage);
}
