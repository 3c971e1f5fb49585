import type { TypedData } from '@countersign/gateway-api';
import { err, ok, type Result } from '../../../lib/result';
import { parseTypedDataJson } from './typedDataInput';

/** What an owner asks the Safe to sign: plain text (EIP-191) or EIP-712 typed data pasted as JSON. */
export type MessageKind = 'text' | 'typed-data';

export const messageKindLabels: Record<MessageKind, string> = {
  text: 'Text (EIP-191)',
  'typed-data': 'Typed data (EIP-712, as JSON)',
};

/** The message content as the Safe signs it and the gateway stores it. */
export type MessageContent = string | TypedData;

/**
 * The form's input as a message: text exactly as typed (nothing trimmed: what is signed is what was
 * entered), or typed data read from its JSON.
 */
export function readMessageInput(kind: MessageKind, input: string): Result<MessageContent> {
  if (kind === 'typed-data') {
    return parseTypedDataJson(input);
  }
  return input === '' ? err('Enter the message to sign.') : ok(input);
}

/**
 * Where a message created here comes from, as the gateway stores it (`origin`, JSON with a name and
 * a URL). No Safe App asked for it, so there is no safe app id.
 */
export function countersignOrigin(url: string): string {
  return JSON.stringify({ name: 'Countersign', url });
}
