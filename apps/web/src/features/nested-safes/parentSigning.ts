import { queryOptions } from '@tanstack/react-query';
import { type Address, type Hex, type TypedDataDefinition } from 'viem';
import type { GatewayClient, SafeMessage } from '@countersign/gateway-api';
import {
  approvedHashSignature,
  combineConfirmations,
  encodeParentConfirmation,
  hashSafeMessage,
  parentMessageBytes,
  safeDomain,
  safeMessageSigned,
  safeMessageTypedData,
  safeTxSigned,
  safeTxTypes,
  type SafeTx,
  type SignedBySafe,
} from '@countersign/safe-core';
import { orNotFound } from '../../lib/gatewayErrors';
import { ok } from '../../lib/result';
import { signSafeMessage } from '../safe';
import { fromGateway, type SignerService, type WriteResult } from '../wallet';
import type { OwnerSafe } from './ownerSafes';

/**
 * What the child Safe's owners sign, checked here: a queued transaction (its hash recomputed from its
 * fields) or a message (its hash recomputed from its content).
 */
export type ChildRequest = {
  kind: 'transaction' | 'message';
  chainId: string;
  child: Address;
  childVersion: string | null;
  /** What the child's owners sign (EIP-712): what an owner Safe, as a signer, is asked to sign. */
  typedData: TypedDataDefinition;
  /** The child's hash of it, and the bytes that hash is taken of. */
  signed: SignedBySafe;
  /** What it is, in the parent's message's origin: "transaction #3", "a message". */
  what: string;
};

/** A queued transaction of the child as a request its owner Safes confirm. */
export function childTransaction(params: {
  chainId: string;
  child: Address;
  childVersion: string | null;
  tx: SafeTx;
}): ChildRequest {
  return {
    kind: 'transaction',
    chainId: params.chainId,
    child: params.child,
    childVersion: params.childVersion,
    typedData: {
      domain: safeDomain({
        chainId: Number(params.chainId),
        safe: params.child,
        version: params.childVersion,
      }),
      types: safeTxTypes,
      primaryType: 'SafeTx',
      message: params.tx,
    },
    signed: safeTxSigned({
      chainId: Number(params.chainId),
      safe: params.child,
      version: params.childVersion,
      tx: params.tx,
    }),
    what: `transaction #${params.tx.nonce}`,
  };
}

/** A message of the child (by what SafeMessage wraps: its content hash) as a request. */
export function childMessage(params: {
  chainId: string;
  child: Address;
  childVersion: string | null;
  contentHash: Hex;
}): ChildRequest {
  return {
    kind: 'message',
    chainId: params.chainId,
    child: params.child,
    childVersion: params.childVersion,
    typedData: safeMessageTypedData({
      chainId: Number(params.chainId),
      safe: params.child,
      message: params.contentHash,
    }),
    signed: safeMessageSigned({
      chainId: Number(params.chainId),
      safe: params.child,
      data: params.contentHash,
    }),
    what: 'a message',
  };
}

/**
 * What the parent signs for the child's request, as a message of its own: the bytes the child's
 * contract will hand to the parent's isValidSignature, and that message's hash on the parent.
 */
export function parentRequest(request: ChildRequest, parent: Address): { bytes: Hex; messageHash: Hex } {
  const bytes = parentMessageBytes(request.childVersion, request.signed);
  return {
    bytes,
    messageHash: hashSafeMessage({ chainId: Number(request.chainId), safe: parent, message: bytes }),
  };
}

/** The parent's message for a request as a query: the signing section and the queue's rows share it. */
export const parentMessageQueryOptions = (gateway: GatewayClient, chainId: string, messageHash: Hex) =>
  queryOptions({
    queryKey: ['parent-message', chainId, messageHash],
    queryFn: ({ signal }) => parentMessage(gateway, chainId, messageHash, signal),
    staleTime: 5_000,
  });

/** The parent's message for a request, or null while none of its owners has signed it. */
export async function parentMessage(
  gateway: GatewayClient,
  chainId: string,
  messageHash: Hex,
  signal?: AbortSignal,
): Promise<SafeMessage | null> {
  return (await orNotFound(gateway.getMessage({ chainId, messageHash }, { signal }))) ?? null;
}

/** How many of the parent's owners (as its contract lists them now) have signed its message. */
export function parentSignatures(parent: OwnerSafe, message: SafeMessage | null) {
  const signers = (message?.confirmations ?? [])
    .map((c) => c.owner.value)
    .filter((owner) => parent.owners.some((o) => o.toLowerCase() === owner.toLowerCase()));
  return {
    signed: signers.length,
    required: parent.threshold,
    signers,
    complete: signers.length >= parent.threshold,
  };
}

/**
 * The connected owner of the parent signs its message for the child's transaction: the first
 * signature creates the message on the parent (origin says what it is for), later ones are added.
 */
export async function signForParent(params: {
  gateway: GatewayClient;
  signer: SignerService;
  request: ChildRequest;
  parent: OwnerSafe;
  existing: SafeMessage | null;
}): Promise<WriteResult<void>> {
  const { gateway, request, parent, existing } = params;
  const { chainId } = request;
  const { bytes, messageHash } = parentRequest(request, parent.address);
  const signed = await signSafeMessage({
    signer: params.signer,
    chainId,
    safe: parent.address,
    owners: parent.owners,
    contentHash: bytes,
  });
  if (!signed.ok) return signed;
  const signature = signed.value.signature;
  return fromGateway(gateway, (client) =>
    existing
      ? client.confirmMessage({ chainId, messageHash, signature })
      : client.proposeMessage({
          chainId,
          safeAddress: parent.address,
          body: {
            message: { bytes },
            signature,
            safeAppId: null,
            origin: JSON.stringify({
              name: 'Countersign',
              note: `Confirms ${request.what} of Safe ${request.child}`,
            }),
          },
        }),
  );
}

/**
 * Once the parent's owners have signed its message, its contract signature for the child: their
 * signatures (combined here from what the gateway lists, only the parent's current owners, in the
 * order the parent's contract reads them) wrapped as {r = parent, s = offset, v = 0}.
 */
export function parentContractSignature(parent: OwnerSafe, message: SafeMessage): Hex {
  const owned = message.confirmations.filter((c) =>
    parent.owners.some((o) => o.toLowerCase() === c.owner.value.toLowerCase()),
  );
  const signatures = combineConfirmations(
    owned.map((c) => ({ owner: c.owner.value, signature: c.signature })),
  );
  return encodeParentConfirmation(parent.address, signatures);
}

/**
 * The parent's contract signature added to the child's confirmations of the request. The child's
 * gateway checks it with the parent's contract before it stores it.
 */
export async function addParentConfirmation(params: {
  gateway: GatewayClient;
  request: ChildRequest;
  signature: Hex;
}): Promise<WriteResult<void>> {
  const { gateway, request, signature } = params;
  const result = await fromGateway(gateway, async (client) => {
    if (request.kind === 'transaction')
      await client.addConfirmation({ chainId: request.chainId, safeTxHash: request.signed.hash, signature });
    else
      await client.confirmMessage({ chainId: request.chainId, messageHash: request.signed.hash, signature });
  });
  return result.ok ? ok(undefined) : result;
}

/**
 * The parent approved the child's transaction on chain (approveHash, executed as a transaction of the
 * parent): its confirmation is the pre-validated signature {r = parent, v = 1}, which the child's
 * gateway checks against the child's approvedHashes before it stores it.
 */
export async function addParentApproval(params: {
  gateway: GatewayClient;
  request: ChildRequest;
  parent: Address;
}): Promise<WriteResult<void>> {
  const result = await fromGateway(params.gateway, (client) =>
    client.addConfirmation({
      chainId: params.request.chainId,
      safeTxHash: params.request.signed.hash,
      signature: approvedHashSignature(params.parent),
    }),
  );
  return result.ok ? ok(undefined) : result;
}
