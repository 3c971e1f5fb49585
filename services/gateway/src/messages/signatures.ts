import {
  SafeSignatureError,
  isRawSafeMessage,
  safeMessageData,
  safeMessageSigned,
  type AnySafeMessage,
  type SafeMessageContent,
} from '@countersign/safe-core';
import type { Address, Hex } from 'viem';
import type { ServedChain } from '../chains/registry';
import { unprocessable } from '../http/errors';
import type { SafeState } from '../safes/readSafe';
import { NotAnOwnerError, verifySafeSignatures } from '../safes/verifySignatures';
import type { MessageSignature } from './store';

/** What an owner signs for a message: its SafeMessage hash, and its EIP-712 preimage (what a contract owner is asked about on chain). */
export type SignedMessage = { hash: Hex; preimage: Hex };

/** Owners who signed a message, each checked on chain where needed; any non-owner spoils the lot. */
export async function ownerSignatures(
  chain: ServedChain,
  state: SafeState,
  signed: SignedMessage,
  signature: Hex,
): Promise<MessageSignature[]> {
  try {
    return await verifySafeSignatures(chain.client, {
      safe: state.address,
      version: state.version,
      ...signed,
      signatures: signature,
      owners: state.owners,
    });
  } catch (error) {
    if (error instanceof NotAnOwnerError) throw unprocessable('Unauthorized address');
    if (error instanceof SafeSignatureError) throw unprocessable('Invalid signature');
    throw error;
  }
}

/**
 * The message's hash and its EIP-712 preimage; 422 when the message cannot be hashed. Raw bytes
 * (Countersign's extension, what a Safe signs for a Safe it owns) are wrapped as they are.
 */
export function signedMessage(chainId: string, safe: Address, message: AnySafeMessage): SignedMessage {
  try {
    // EIP712Domain is implied by the domain; wallets may or may not list it.
    const content: AnySafeMessage =
      typeof message === 'string' || isRawSafeMessage(message)
        ? message
        : ({
            ...message,
            types: withoutDomainType(message.types as Record<string, unknown>),
          } as SafeMessageContent);
    // The content is hashed once; the hash and its preimage come from the same SafeMessage.
    return safeMessageSigned({ chainId: Number(chainId), safe, data: safeMessageData(content) });
  } catch {
    throw unprocessable('Could not calculate messageHash');
  }
}

function withoutDomainType(types: Record<string, unknown>): Record<string, unknown> {
  const { EIP712Domain: _domain, ...rest } = types;
  return rest;
}
