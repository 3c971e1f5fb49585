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

/** The 32 bytes the Safe signs for a message: its EIP-191 hash, or its EIP-712 hash. */
export function safeMessageContentHash(message: SafeMessageContent): Hex {
  return typeof message === 'string' ? hashMessage(message) : hashTypedData(message);
}

/**
 * The messageHash owners sign and the gateway keys messages by: SafeMessage(contentHash) over the
 * Safe's EIP-712 domain. The Safe's isValidSignature(contentHash, signatures) accepts their signatures.
 */
export function safeMessageHash(params: {
  chainId: number;
  safe: Address;
  message: SafeMessageContent;
}): Hex {
  return hashSafeMessage({
    chainId: params.chainId,
    safe: params.safe,
    message: safeMessageContentHash(params.message),
  });
}
