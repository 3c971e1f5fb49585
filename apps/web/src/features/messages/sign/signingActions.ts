import { adjustTypedDataSignatureV, safeMessageTypedData } from '@countersign/safe-core';
import type { Address, Hex } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { describeGatewayError } from '../../../lib/gatewayErrors';
import { walletApi, type WalletErrorKind } from '../../wallet';
import type { MessageContent } from './messageDraft';

/**
 * A step of signing that failed, worded for the user: by the wallet's error mapper (`kind` says what
 * went wrong, e.g. `rejected`), the gateway's own words, or a signer that is not an owner.
 */
export class MessageSigningError extends Error {
  override name = 'MessageSigningError';
  constructor(
    readonly source: 'wallet' | 'gateway' | 'signer',
    message: string,
    readonly kind?: WalletErrorKind,
  ) {
    super(message);
  }
}

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
}: SafeTarget & { contentHash: Hex }): Promise<{ signature: Hex; signer: Address }> {
  const typedData = safeMessageTypedData({ chainId: Number(chainId), safe, message: contentHash });
  const signed = await walletApi.signTypedData(typedData, { chainId: Number(chainId) });
  if (!signed.ok) throw new MessageSigningError('wallet', signed.error.message, signed.error.kind);
  const { address, signature } = signed.value;
  if (!isOwner(owners, address)) {
    throw new MessageSigningError(
      'signer',
      `The wallet signed as ${address}, which is not an owner of this Safe. Switch to an owner’s account and sign again.`,
    );
  }
  try {
    return { signature: adjustTypedDataSignatureV(signature), signer: address };
  } catch (error) {
    throw new MessageSigningError('wallet', error instanceof Error ? error.message : String(error));
  }
}

const gatewayError = (gateway: GatewayClient, error: unknown) =>
  new MessageSigningError('gateway', describeGatewayError(error, gateway.baseUrl).message);

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
}): Promise<void> {
  const { signature } = await signSafeMessage({ chainId, safe, owners, contentHash });
  try {
    await gateway.proposeMessage({
      chainId,
      safeAddress: safe,
      body: { message: content, signature, safeAppId: null, origin },
    });
  } catch (error) {
    throw gatewayError(gateway, error);
  }
}

/** Adds the connected owner's signature to a message the gateway holds. */
export async function confirmSafeMessage({
  gateway,
  chainId,
  safe,
  owners,
  messageHash,
  contentHash,
}: SafeTarget & { gateway: GatewayClient; messageHash: string; contentHash: Hex }): Promise<void> {
  const { signature } = await signSafeMessage({ chainId, safe, owners, contentHash });
  try {
    await gateway.confirmMessage({ chainId, messageHash, signature });
  } catch (error) {
    throw gatewayError(gateway, error);
  }
}
