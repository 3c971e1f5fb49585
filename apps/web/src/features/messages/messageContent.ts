import type { RawMessage, SafeMessage, TypedData } from '@countersign/gateway-api';

/** The specification's message states, worded for owners. */
export const messageStatusLabels: Record<SafeMessage['status'], string> = {
  NEEDS_CONFIRMATION: 'Needs confirmation',
  CONFIRMED: 'Confirmed',
  UNKNOWN: 'Unknown status',
};

export function isTypedData(message: SafeMessage['message']): message is TypedData {
  return typeof message !== 'string' && 'primaryType' in message;
}

/** Raw bytes a contract asks the Safe about (what a Safe signs for a Safe it owns). */
export function isRawMessage(message: SafeMessage['message']): message is RawMessage {
  return typeof message !== 'string' && 'bytes' in message;
}

/** What the content is, as the message page titles it. */
export function contentKindTitle(message: SafeMessage['message']): string {
  if (isRawMessage(message)) return 'Content: raw bytes (EIP-1271)';
  return isTypedData(message) ? 'Content: typed data (EIP-712)' : 'Content: text';
}

/** How long a preview may be: a list row shows one line, and a 100 kB message must not reach the DOM. */
export const PREVIEW_MAX_LENGTH = 160;

function clip(text: string, maxLength: number): string {
  // Cut on code points, not UTF-16 units, so no half of an emoji is left behind.
  const points = Array.from(text.slice(0, maxLength * 2 + 2));
  return points.length > maxLength ? `${points.slice(0, maxLength - 1).join('')}…` : points.join('');
}

/**
 * One line that says what a message is: plain text with its line breaks and runs of spaces folded,
 * or "Typed data: <primaryType> on <domain name>".
 */
export function messagePreview(message: SafeMessage['message'], maxLength = PREVIEW_MAX_LENGTH): string {
  if (isRawMessage(message)) {
    return clip(
      `Raw bytes for a contract’s signature check (${(message.bytes.length - 2) / 2} bytes)`,
      maxLength,
    );
  }
  if (isTypedData(message)) {
    const name = typeof message.domain.name === 'string' ? message.domain.name.trim() : '';
    const text = `Typed data: ${message.primaryType}${name ? ` on ${name}` : ''}`;
    return clip(text.replace(/\s+/g, ' '), maxLength);
  }
  // Only the start of a huge message is folded: the preview never needs the rest.
  const head = message.slice(0, maxLength * 4);
  const folded = head.replace(/\s+/g, ' ').trim();
  if (folded === '') return message.length === 0 ? '(empty message)' : '(blank message)';
  const clipped = clip(folded, maxLength);
  return clipped === folded && head.length < message.length ? `${folded}…` : clipped;
}

/** The message content as the Safe signs it and the gateway stores it. */
export type MessageContent = string | TypedData;

/**
 * Where a message created here comes from, as the gateway stores it (`origin`, JSON with a name and
 * a URL; `parseOrigin` reads it back). No Safe App asked for it, so there is no safe app id.
 */
export function countersignOrigin(url: string): string {
  return JSON.stringify({ name: 'Countersign', url });
}

/** Where a message came from, read from the gateway's `origin` (often JSON such as `{"name","url"}`). */
export type MessageOrigin = { name?: string; url?: string; text?: string };

export function parseOrigin(origin: string | null): MessageOrigin | null {
  if (origin === null || origin.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(origin);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const { name, url } = parsed as Record<string, unknown>;
      const result: MessageOrigin = {};
      if (typeof name === 'string' && name.trim() !== '') result.name = name;
      if (typeof url === 'string' && url.trim() !== '') result.url = url;
      if (result.name !== undefined || result.url !== undefined) return result;
    }
  } catch {
    // Not JSON: shown as the text it is.
  }
  return { text: origin };
}
