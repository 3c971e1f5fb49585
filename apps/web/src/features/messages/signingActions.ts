import type { Address, Hex } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { signSafeMessage } from '../safe';
import { fromGateway, type SignerService, type WriteResult } from '../wallet';
import type { MessageContent } from './messageContent';

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

/**
 * Hands signatures gathered outside the gateway to it: the first creates the message when the
 * gateway does not hold it yet, each other one confirms it. `onGateway` lists the owners whose
 * confirmations it holds (undefined: it does not hold the message). Returns how many were sent.
 */
export async function uploadMessageSignatures({
  gateway,
  chainId,
  safe,
  content,
  messageHash,
  signatures,
  onGateway,
  origin,
}: {
  gateway: GatewayClient;
  chainId: string;
  safe: Address;
  content: MessageContent;
  messageHash: Hex;
  signatures: readonly { signer: Address; signature: Hex }[];
  onGateway: readonly string[] | undefined;
  origin: string;
}): Promise<WriteResult<number>> {
  const held = new Set((onGateway ?? []).map((owner) => owner.toLowerCase()));
  const missing = signatures.filter((signature) => !held.has(signature.signer.toLowerCase()));
  let sent = 0;
  for (const [index, { signature }] of missing.entries()) {
    const result =
      onGateway === undefined && index === 0
        ? await fromGateway(gateway, (client) =>
            client.proposeMessage({
              chainId,
              safeAddress: safe,
              body: { message: content, signature, safeAppId: null, origin },
            }),
          )
        : await fromGateway(gateway, (client) => client.confirmMessage({ chainId, messageHash, signature }));
    if (!result.ok) return result;
    sent += 1;
  }
  return { ok: true, value: sent };
}
