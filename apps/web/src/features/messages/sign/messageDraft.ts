import { err, ok, type Result } from '../../../lib/result';
import type { MessageContent } from '../messageContent';
import { parseTypedDataJson } from '../typedDataInput';

/** What an owner asks the Safe to sign: plain text (EIP-191) or EIP-712 typed data pasted as JSON. */
export type MessageKind = 'text' | 'typed-data';

export const messageKindLabels: Record<MessageKind, string> = {
  text: 'Text (EIP-191)',
  'typed-data': 'Typed data (EIP-712, as JSON)',
};

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
