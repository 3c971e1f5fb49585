import type { Address, Hex } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { signSafeMessage } from '../../safe';
import { fromGateway, type SignerService, type WriteResult } from '../../wallet';
import type { MessageContent } from './messageDraft';

type SafeTarget = { signer: SignerService; chainId: string; safe: Address; owners: readonly string[] };

/**
 * Creates the message on the gateway with the first owner's signature. No Safe App asked for it, so
 * the safe app id is null; `origin` says it was created here.
 */
export async function createSafeMessage({
  signer,
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
  const signed = await signSafeMessage({ signer, chainId, safe, owners, contentHash });
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
  signer,
  gateway,
  chainId,
  safe,
  owners,
  messageHash,
  contentHash,
}: SafeTarget & { gateway: GatewayClient; messageHash: string; contentHash: Hex }): Promise<
  WriteResult<void>
> {
  const signed = await signSafeMessage({ signer, chainId, safe, owners, contentHash });
  if (!signed.ok) return signed;
  return fromGateway(gateway, (client) =>
    client.confirmMessage({ chainId, messageHash, signature: signed.value.signature }),
  );
}
