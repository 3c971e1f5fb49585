import { encodeFunctionData, type Address, type Hex } from 'viem';
import { GatewayError, type GatewayClient, type SafeMessage } from '@countersign/gateway-api';
import {
  approvedHashSignature,
  combineConfirmations,
  encodeParentConfirmation,
  hashSafeMessage,
  parentMessageBytes,
  safeAbi,
  safeTxSigned,
  type SafeTx,
} from '@countersign/safe-core';
import { ok } from '../../lib/result';
import { signSafeMessage } from '../safe';
import { fromGateway, type WriteResult } from '../wallet';
import type { OwnerSafe } from './ownerSafes';

/** A queued transaction of the child Safe, checked here (its hash recomputed from its fields). */
export type ChildTx = {
  chainId: string;
  child: Address;
  childVersion: string | null;
  tx: SafeTx;
  safeTxHash: Hex;
};

/**
 * What the parent signs for the child's transaction, as a message of its own: the bytes the child's
 * contract will hand to the parent's isValidSignature, and that message's hash on the parent.
 */
export function parentRequest(childTx: ChildTx, parent: Address): { bytes: Hex; messageHash: Hex } {
  const signed = safeTxSigned({
    chainId: Number(childTx.chainId),
    safe: childTx.child,
    version: childTx.childVersion,
    tx: childTx.tx,
  });
  const bytes = parentMessageBytes(childTx.childVersion, signed);
  return {
    bytes,
    messageHash: hashSafeMessage({ chainId: Number(childTx.chainId), safe: parent, message: bytes }),
  };
}

/** The parent's message for a request, or null while none of its owners has signed it. */
export async function parentMessage(
  gateway: GatewayClient,
  chainId: string,
  messageHash: Hex,
  signal?: AbortSignal,
): Promise<SafeMessage | null> {
  try {
    return await gateway.getMessage({ chainId, messageHash }, { signal });
  } catch (error) {
    if (error instanceof GatewayError && error.status === 404) return null;
    throw error;
  }
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
  childTx: ChildTx;
  parent: OwnerSafe;
  existing: SafeMessage | null;
  nonce: number;
}): Promise<WriteResult<void>> {
  const { gateway, childTx, parent, existing } = params;
  const { bytes, messageHash } = parentRequest(childTx, parent.address);
  const signed = await signSafeMessage({
    chainId: childTx.chainId,
    safe: parent.address,
    owners: parent.owners,
    contentHash: bytes,
  });
  if (!signed.ok) return signed;
  const signature = signed.value.signature;
  return fromGateway(gateway, (client) =>
    existing
      ? client.confirmMessage({ chainId: childTx.chainId, messageHash, signature })
      : client.proposeMessage({
          chainId: childTx.chainId,
          safeAddress: parent.address,
          body: {
            message: { bytes },
            signature,
            safeAppId: null,
            origin: JSON.stringify({
              name: 'Countersign',
              note: `Confirms transaction #${params.nonce} of Safe ${childTx.child}`,
            }),
          },
        }),
  );
}

/**
 * Once the parent's owners have signed, its confirmation of the child's transaction: their signatures
 * (combined here from what the gateway lists, in the order the parent's contract reads them) wrapped
 * as the parent's contract signature, added to the child's confirmations. The child's gateway checks
 * it with the parent's contract before it stores it.
 */
export async function addParentConfirmation(params: {
  gateway: GatewayClient;
  childTx: ChildTx;
  parent: OwnerSafe;
  message: SafeMessage;
}): Promise<WriteResult<void>> {
  const { gateway, childTx, parent, message } = params;
  const owned = message.confirmations.filter((c) =>
    parent.owners.some((o) => o.toLowerCase() === c.owner.value.toLowerCase()),
  );
  const signatures = combineConfirmations(
    owned.map((c) => ({ owner: c.owner.value, signature: c.signature })),
  );
  const result = await fromGateway(gateway, (client) =>
    client.addConfirmation({
      chainId: childTx.chainId,
      safeTxHash: childTx.safeTxHash,
      signature: encodeParentConfirmation(parent.address, signatures),
    }),
  );
  return result.ok ? ok(undefined) : result;
}

/**
 * The parent approved the child's transaction on chain (approveHash, executed as a transaction of the
 * parent): its confirmation is the pre-validated signature {r = parent, v = 1}, which the child's
 * gateway checks against the child's approvedHashes before it stores it.
 */
export async function addParentApproval(params: {
  gateway: GatewayClient;
  childTx: ChildTx;
  parent: Address;
}): Promise<WriteResult<void>> {
  const result = await fromGateway(params.gateway, (client) =>
    client.addConfirmation({
      chainId: params.childTx.chainId,
      safeTxHash: params.childTx.safeTxHash,
      signature: approvedHashSignature(params.parent),
    }),
  );
  return result.ok ? ok(undefined) : result;
}

/** The calldata of approveHash(safeTxHash) on the child: what the parent executes to approve on chain. */
export const approveHashCalldata = (safeTxHash: Hex): Hex =>
  encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [safeTxHash] });
