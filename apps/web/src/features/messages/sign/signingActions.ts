import { adjustTypedDataSignatureV, safeMessageTypedData } from '@countersign/safe-core';
import type { Address, Hex } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { ok } from '../../../lib/result';
import { checkFailure, fromGateway, walletApi, walletFailure, type WriteResult } from '../../wallet';
import type { MessageContent } from './messageDraft';

type SafeTarget = { chainId: string; safe: Address; owners: readonly string[] };

const isOwner = (owners: readonly string[], address: string) =>
  owners.some((owner) => owner.toLowerCase() === address.toLowerCase());

/**
 * The connected owner signs the message for the Safe: EIP-712 `SafeMessage(bytes message)` over the
 * Safe's domain, wrapping the message hash, with the wallet on the Safe's chain. An account that is
 * not an owner signs nothing the gateway would accept, so its signature goes no further.
 */
export async function signSafeMessage({
  chainId,
  safe,
  owners,
  contentHash,
}: SafeTarget & { contentHash: Hex }): Promise<WriteResult<{ signature: Hex; signer: Address }>> {
  const typedData = safeMessageTypedData({ chainId: Number(chainId), safe, message: contentHash });
  const signed = await walletApi.signTypedData(typedData, { chainId: Number(chainId) });
  if (!signed.ok) return walletFailure(signed.error);
  const { address, signature } = signed.value;
  if (!isOwner(owners, address)) {
    return checkFailure(
      `The wallet signed as ${address}, which is not an owner of this Safe. Switch to an owner’s account and sign again.`,
    );
  }
  try {
    return ok({ signature: adjustTypedDataSignatureV(signature), signer: address });
  } catch (error) {
    return walletFailure({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Creates the message on the gateway with the first owner's signature. No Safe App asked for it, so
 * the safe app id is null; `origin` says it was created here.
 */
export async function createSafeMessage({
  gateway,
  chainId,
  safe,
  owners,
  content,
  contentHash,
  origin,
}: SafeTarget & {
  gateway: GatewayClient;
  content: MessageContent;
  contentHash: Hex;
  origin: string;
}): Promise<WriteResult<void>> {
  const signed = await signSafeMessage({ chainId, safe, owners, contentHash });
  if (!signed.ok) return signed;
  return fromGateway(gateway, (client) =>
    client.proposeMessage({
      chainId,
      safeAddress: safe,
      body: { message: content, signature: signed.value.signature, safeAppId: null, origin },
    }),
  );
}

/** Adds the connected owner's signature to a message the gateway holds. */
export async function confirmSafeMessage({
  gateway,
  chainId,
  safe,
  owners,
  messageHash,
  contentHash,
}: SafeTarget & { gateway: GatewayClient; messageHash: string; contentHash: Hex }): Promise<
  WriteResult<void>
> {
  const signed = await signSafeMessage({ chainId, safe, owners, contentHash });
  if (!signed.ok) return signed;
  return fromGateway(gateway, (client) =>
    client.confirmMessage({ chainId, messageHash, signature: signed.value.signature }),
  );
}
