import type { Address, Hex } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { isGatewayStatus } from '../../../lib/gatewayErrors';
import { describeGatewayError } from '../../../lib/gatewayErrors';
import {
  computeMessageHashes,
  signSafeMessage,
  MessageSigningError,
  type MessageContent,
} from '../../messages';
import type { SignResult } from '@countersign/safe-apps-bridge';

type Target = {
  gateway: GatewayClient;
  chainId: string;
  safe: Address;
  owners: readonly string[];
  threshold: number;
  app: { name: string; url: string; safeAppId: number | null };
};

const gatewayError = (gateway: GatewayClient, error: unknown) =>
  new MessageSigningError('gateway', describeGatewayError(error, gateway.baseUrl).message);

/**
 * The connected owner signs an app's message for the Safe (the messages feature's signing): the
 * gateway gets a new message with this first signature, or, when it holds the message already, this
 * owner's confirmation. The app gets the SafeMessage hash, and the Safe's signature once the owners
 * have reached the threshold.
 */
export async function signMessageForApp({
  gateway,
  chainId,
  safe,
  owners,
  threshold,
  app,
  content,
}: Target & { content: MessageContent }): Promise<SignResult> {
  const hashes = computeMessageHashes({ chainId: Number(chainId), safe, message: content });
  if (!hashes.ok) throw new MessageSigningError('signer', hashes.reason);
  const messageHash = hashes.safeMessageHash;

  let existing: Awaited<ReturnType<typeof gateway.getMessage>> | undefined;
  try {
    existing = await gateway.getMessage({ chainId, messageHash });
  } catch (error) {
    if (!isGatewayStatus(error, 404)) throw gatewayError(gateway, error);
  }
  if (existing?.status === 'CONFIRMED' && existing.preparedSignature)
    return { messageHash, signature: existing.preparedSignature };

  const { signature, signer } = await signSafeMessage({
    chainId,
    safe,
    owners,
    contentHash: hashes.contentHash,
  });
  try {
    if (existing === undefined) {
      await gateway.proposeMessage({
        chainId,
        safeAddress: safe,
        body: {
          message: content,
          signature,
          safeAppId: app.safeAppId,
          origin: JSON.stringify({ name: app.name, url: app.url }),
        },
      });
    } else if (!existing.confirmations.some((c) => c.owner.value.toLowerCase() === signer.toLowerCase())) {
      await gateway.confirmMessage({ chainId, messageHash, signature });
    }
  } catch (error) {
    throw gatewayError(gateway, error);
  }
  if (threshold <= 1 && existing === undefined) return { messageHash, signature };
  try {
    const stored = await gateway.getMessage({ chainId, messageHash });
    return stored.preparedSignature
      ? { messageHash, signature: stored.preparedSignature as Hex }
      : { messageHash };
  } catch {
    return { messageHash };
  }
}
