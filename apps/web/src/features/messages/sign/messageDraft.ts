import type { TypedData } from '@countersign/gateway-api';
import { parseTypedDataJson } from './typedDataInput';

/** What an owner asks the Safe to sign: plain text (EIP-191) or EIP-712 typed data pasted as JSON. */
export type MessageKind = 'text' | 'typed-data';

export const messageKindLabels: Record<MessageKind, string> = {
  text: 'Text (EIP-191)',
  'typed-data': 'Typed data (EIP-712, as JSON)',
};

/** The message content as the Safe signs it and the gateway stores it. */
export type MessageContent = string | TypedData;

export type ReadMessage = { ok: true; content: MessageContent } | { ok: false; error: string };

/**
 * The form's input as a message: text exactly as typed (nothing trimmed: what is signed is what was
 * entered), or typed data read from its JSON.
 */
export function readMessageInput(kind: MessageKind, input: string): ReadMessage {
  if (kind === 'typed-data') {
    const parsed = parseTypedDataJson(input);
    return parsed.ok ? { ok: true, content: parsed.value } : parsed;
  }
  if (input === '') return { ok: false, error: 'Enter the message to sign.' };
  return { ok: true, content: input };
}

/**
 * Where a message created here comes from, as the gateway stores it (`origin`, JSON with a name and
 * a URL). No Safe App asked for it, so there is no safe app id.
 */
export function countersignOrigin(url: string): string {
  return JSON.stringify({ name: 'Countersign', url });
}
