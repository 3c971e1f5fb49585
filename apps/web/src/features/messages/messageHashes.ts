import type { SafeMessage, TypedData } from '@countersign/gateway-api';
import { safeMessageContentHash, safeMessageHashes, type SafeMessageContent } from '@countersign/safe-core';
import { hashTypedData, type Address, type Hex } from 'viem';
import { isRawMessage } from './messageContent';

/**
 * The hashes of a Safe message, computed here rather than taken from the gateway:
 * - the message hash: the content's own hash, EIP-191 for text, EIP-712 for typed data: the 32 bytes
 *   the Safe signs (its isValidSignature(hash, signatures) is asked about them);
 * - the SafeMessage hash: EIP-712 `SafeMessage(bytes message)` over the Safe's domain, wrapping the
 *   message hash: what each owner signs, and the gateway's `messageHash`;
 * - for a hardware wallet that signs it blind, the two halves of that: the Safe's domain hash and the
 *   SafeMessage struct hash (devices call it "Message hash").
 */
export type MessageHashes =
  | {
      ok: true;
      kind: MessageKind;
      /** What SafeMessage wraps: the content's hash, or raw bytes as they are. */
      contentHash: Hex;
      safeMessageHash: Hex;
      /** The Safe's EIP-712 domain separator on this chain. */
      domainHash: Hex;
      /** hashStruct(SafeMessage{message: contentHash}). */
      structHash: Hex;
      /** Whether the gateway's messageHash is the SafeMessage hash computed here; unset without one. */
      matchesGateway?: boolean;
      /** Set when only the gateway's own reading of the domain gives its hash (see below). */
      note?: string;
    }
  | { ok: false; kind: MessageKind; reason: string };

/** How the content becomes what SafeMessage wraps: hashed as text or typed data, or raw bytes as they are. */
export type MessageKind = 'EIP-191' | 'EIP-712' | 'raw bytes';

/**
 * The typed data read literally, as viem reads it: a chainId held as a string is left out of the
 * domain. Some gateways hash it so; safe-core's own reading (as wallets sign) is tried first.
 */
function literalContentHash(typedData: TypedData): Hex {
  const { EIP712Domain: _listed, ...types } = typedData.types;
  return hashTypedData({ ...typedData, types } as unknown as Parameters<typeof hashTypedData>[0]);
}

function describeFailure(error: unknown): string {
  const text =
    error instanceof Error ? (error as { shortMessage?: string }).shortMessage || error.message : '';
  // viem's messages carry a "Version: viem@…" footer and details over several lines.
  return text.split('\n')[0]?.trim() || 'The content is not valid for hashing.';
}

export function computeMessageHashes(params: {
  chainId: number;
  safe: Address;
  message: SafeMessage['message'];
  /** The gateway's messageHash; a message not on the gateway yet (a draft) has none. */
  gatewayMessageHash?: string;
}): MessageHashes {
  const { chainId, safe, message } = params;
  const kind: MessageKind = isRawMessage(message)
    ? 'raw bytes'
    : typeof message === 'string'
      ? 'EIP-191'
      : 'EIP-712';
  const gateway = params.gatewayMessageHash?.toLowerCase();
  const matches = (safeMessageHash: Hex) =>
    gateway === undefined ? {} : { matchesGateway: safeMessageHash.toLowerCase() === gateway };
  const fromContentHash = (contentHash: Hex) => ({
    contentHash,
    ...safeMessageHashes({ chainId, safe, message: contentHash }),
  });
  const hashes = (content: SafeMessageContent) => fromContentHash(safeMessageContentHash(content));
  const literalHashes = (typedData: TypedData) => fromContentHash(literalContentHash(typedData));
  try {
    if (isRawMessage(message)) {
      const computed = fromContentHash(message.bytes as Hex);
      return { ok: true, kind, ...computed, ...matches(computed.safeMessageHash) };
    }
    if (typeof message === 'string') {
      const computed = hashes(message);
      return {
        ok: true,
        kind,
        ...computed,
        ...matches(computed.safeMessageHash),
      };
    }
    const computed = hashes(message as unknown as SafeMessageContent);
    if (
      gateway !== undefined &&
      computed.safeMessageHash.toLowerCase() !== gateway &&
      typeof message.domain.chainId === 'string'
    ) {
      try {
        const literal = literalHashes(message);
        if (literal.safeMessageHash.toLowerCase() === gateway) {
          return {
            ok: true,
            kind,
            ...literal,
            matchesGateway: true,
            note: 'The gateway hashed the domain without its chainId, which it holds as a string; a wallet would include it.',
          };
        }
      } catch {
        // The first reading's result stands.
      }
    }
    return {
      ok: true,
      kind,
      ...computed,
      ...matches(computed.safeMessageHash),
    };
  } catch (error) {
    return { ok: false, kind, reason: describeFailure(error) };
  }
}

/**
 * Whether a message the gateway serves may be signed: the content shown, hashed here over this Safe's
 * domain, must give the gateway's messageHash, since that hash (not the content) is what owners'
 * signatures vouch for. A lying gateway could otherwise show harmless content and collect signatures
 * for something else.
 */
export type MessageHashCheck =
  | { status: 'match'; hashes: Extract<MessageHashes, { ok: true }> }
  | { status: 'mismatch'; gatewayHash: string; computedHash: Hex }
  | { status: 'other-safe'; messageSafe: string }
  | { status: 'unhashable'; reason: string };

export function verifyMessageHash(params: {
  chainId: number;
  safe: Address;
  message: SafeMessage['message'];
  messageHash: string;
  /** The Safe the gateway says the message belongs to, when its answer names one. */
  messageSafe?: string;
}): MessageHashCheck {
  if (params.messageSafe !== undefined && params.messageSafe.toLowerCase() !== params.safe.toLowerCase()) {
    return { status: 'other-safe', messageSafe: params.messageSafe };
  }
  const hashes = computeMessageHashes({
    chainId: params.chainId,
    safe: params.safe,
    message: params.message,
    gatewayMessageHash: params.messageHash,
  });
  if (!hashes.ok) return { status: 'unhashable', reason: hashes.reason };
  if (hashes.matchesGateway !== true) {
    return { status: 'mismatch', gatewayHash: params.messageHash, computedHash: hashes.safeMessageHash };
  }
  return { status: 'match', hashes };
}
