import type { Address, Hex } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import type { SignResult } from '@countersign/safe-apps-bridge';
import { isGatewayStatus } from '../../../lib/gatewayErrors';
import { ok } from '../../../lib/result';
import { computeMessageHashes, type MessageContent } from '../../messages';
import { signSafeMessage } from '../../safe';
import {
  checkFailure,
  fromGateway,
  gatewayFailure,
  type SignerService,
  type WriteResult,
} from '../../wallet';

type Target = {
  gateway: GatewayClient;
  wallet: SignerService;
  chainId: string;
  safe: Address;
  owners: readonly string[];
  threshold: number;
  app: { name: string; url: string; safeAppId: number | null };
};

/**
 * The connected owner signs an app's message for the Safe (the messages feature's signing): the
 * gateway gets a new message with this first signature, or, when it holds the message already, this
 * owner's confirmation. The app gets the SafeMessage hash, and the Safe's signature once the owners
 * have reached the threshold.
 */
export async function signMessageForApp({
  gateway,
  wallet,
  chainId,
  safe,
  owners,
  threshold,
  app,
  content,
}: Target & { content: MessageContent }): Promise<WriteResult<SignResult>> {
  const hashes = computeMessageHashes({ chainId: Number(chainId), safe, message: content });
  if (!hashes.ok) return checkFailure(hashes.reason);
  const messageHash = hashes.safeMessageHash;

  let existing: Awaited<ReturnType<typeof gateway.getMessage>> | undefined;
  try {
    existing = await gateway.getMessage({ chainId, messageHash });
  } catch (error) {
    if (!isGatewayStatus(error, 404)) return gatewayFailure(gateway, error);
  }
  if (existing?.status === 'CONFIRMED' && existing.preparedSignature)
    return ok({ messageHash, signature: existing.preparedSignature });

  const signed = await signSafeMessage({
    signer: wallet,
    chainId,
    safe,
    owners,
    contentHash: hashes.contentHash,
  });
  if (!signed.ok) return signed;
  const { signature, signer } = signed.value;
  const written = await fromGateway(gateway, async (client) => {
    if (existing === undefined) {
      await client.proposeMessage({
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
      await client.confirmMessage({ chainId, messageHash, signature });
    }
  });
  if (!written.ok) return written;
  if (threshold <= 1 && existing === undefined) return ok({ messageHash, signature });
  try {
    const stored = await gateway.getMessage({ chainId, messageHash });
    return ok(
      stored.preparedSignature
        ? { messageHash, signature: stored.preparedSignature as Hex }
        : { messageHash },
    );
  } catch {
    return ok({ messageHash });
  }
}
