import { hashMessage, hashTypedData, type Address, type Hex, type TypedDataDefinition } from 'viem';

/** The EIP-712 typed data that wraps an off-chain message for a Safe (`SafeMessage(bytes message)`). */
export function safeMessageTypedData(params: { chainId: number; safe: Address; message: Hex }) {
  return {
    domain: { chainId: params.chainId, verifyingContract: params.safe },
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: params.message },
  } as const;
}

export function hashSafeMessage(params: { chainId: number; safe: Address; message: Hex }): Hex {
  return hashTypedData(safeMessageTypedData(params));
}

/** A message a Safe can sign off-chain: text (EIP-191) or EIP-712 typed data. */
export type SafeMessageContent = string | TypedDataDefinition;

/**
 * Typed data as wallets sign it: the domain's type follows from the fields it has (wallets, ethers
 * and viem derive EIP712Domain, so a listed one is dropped), and a chainId sent as a decimal or hex
 * string is the number it stands for (viem would leave a string chainId out of the domain, which no
 * wallet does).
 */
export function normalizeTypedData(typedData: TypedDataDefinition): TypedDataDefinition {
  const { EIP712Domain: _listed, ...types } = (typedData.types ?? {}) as Record<string, unknown>;
  const domain = { ...(typedData.domain ?? {}) } as Record<string, unknown>;
  const chainId = domain.chainId;
  if (typeof chainId === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(chainId.trim())) {
    domain.chainId = BigInt(chainId.trim());
  }
  return { ...typedData, domain, types } as TypedDataDefinition;
}

/** The 32 bytes the Safe signs for a message: its EIP-191 hash, or its EIP-712 hash. */
export function safeMessageContentHash(message: SafeMessageContent): Hex {
  return typeof message === 'string' ? hashMessage(message) : hashTypedData(normalizeTypedData(message));
}

/**
 * Bytes a contract asks the Safe's isValidSignature(bytes, bytes) about, signed as they are: what a
 * Safe that owns another Safe signs for it (see nestedSafes.ts). No dapp sends this form; Countersign's
 * gateway stores it as `{bytes}` beside text and typed data.
 */
export type RawSafeMessage = { bytes: Hex };

/** Any message a Safe's owners may sign: a dapp's text or typed data, or raw bytes. */
export type AnySafeMessage = SafeMessageContent | RawSafeMessage;

export function isRawSafeMessage(message: AnySafeMessage | object): message is RawSafeMessage {
  return typeof message === 'object' && message !== null && 'bytes' in message && !('primaryType' in message);
}

/** The bytes `SafeMessage(bytes message)` wraps: the content hash of text or typed data, raw bytes as they are. */
export function safeMessageData(message: AnySafeMessage): Hex {
  return isRawSafeMessage(message) ? message.bytes : safeMessageContentHash(message);
}

/**
 * The messageHash owners sign and the gateway keys messages by: SafeMessage(contentHash) over the
 * Safe's EIP-712 domain. The Safe's isValidSignature(contentHash, signatures) accepts their signatures.
 */
export function safeMessageHash(params: { chainId: number; safe: Address; message: AnySafeMessage }): Hex {
  return hashSafeMessage({
    chainId: params.chainId,
    safe: params.safe,
    message: safeMessageData(params.message),
  });
}
