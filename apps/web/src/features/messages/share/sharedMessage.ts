import * as z from 'zod/mini';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { base64UrlToText, textToBase64Url } from '../../../lib/base64url';
import { err, ok, type Result } from '../../../lib/result';
import type { SharedSignature } from '../../safe';
import type { MessageContent } from '../messageContent';
import { parseTypedDataJson } from '../typedDataInput';

/**
 * A Safe message with its owners' signatures, handed from owner to owner outside any gateway: as a
 * link (`/<safe>/messages/shared#msg=<base64url of the JSON>`) or as a JSON file. docs/sharing.md
 * describes the format; everything in it is a claim until the page has checked it.
 */
export const SHARED_MESSAGE_FORMAT = 'countersign/safe-message';
export const SHARED_MESSAGE_VERSION = 1;

export type SharedMessage = {
  chainId: string;
  safe: Address;
  /** Text (EIP-191) or typed data (EIP-712), as the gateway stores a message. */
  message: MessageContent;
  /** The SafeMessage hash the sharer computed: compared with the content's own, never believed. */
  safeMessageHash: Hex | undefined;
  signatures: SharedSignature[];
  /** The sharer's words for it: shown as theirs. */
  title: string | undefined;
};

/** The largest file or link read: a long message fits, a denial of service does not. */
export const MAX_SHARED_MESSAGE_TEXT = 256 * 1024;
const MAX_SIGNATURES = 64;

const address = z.string().check(z.refine((value) => isAddress(value, { strict: false }), 'not an address'));
const hex = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'not hex bytes'));

const sharedMessageSchema = z.object({
  format: z.literal(SHARED_MESSAGE_FORMAT),
  version: z.literal(SHARED_MESSAGE_VERSION),
  chainId: z.string().check(z.regex(/^\d{1,20}$/, 'not a chain id')),
  safe: address,
  message: z.union([z.string().check(z.minLength(1, 'empty')), z.record(z.string(), z.unknown())]),
  safeMessageHash: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'not a 32-byte hash'))),
  signatures: z
    .array(z.object({ signer: z.optional(address), signature: hex }))
    .check(z.maxLength(MAX_SIGNATURES, `more than ${MAX_SIGNATURES} signatures`)),
  title: z.optional(z.string().check(z.maxLength(200))),
});

/** The JSON a link or a file holds. */
export function sharedMessageJson(shared: SharedMessage): string {
  return JSON.stringify(
    {
      format: SHARED_MESSAGE_FORMAT,
      version: SHARED_MESSAGE_VERSION,
      chainId: shared.chainId,
      safe: shared.safe,
      message: shared.message,
      ...(shared.safeMessageHash ? { safeMessageHash: shared.safeMessageHash } : {}),
      signatures: shared.signatures.map(({ signer, signature }) => ({ signer, signature })),
      ...(shared.title ? { title: shared.title } : {}),
    },
    null,
    2,
  );
}

/** Typed data in a shared message is read as a pasted one is: every value fitting its type. */
function readContent(message: z.infer<typeof sharedMessageSchema>['message']): Result<MessageContent> {
  if (typeof message === 'string') return ok(message);
  const typed = parseTypedDataJson(JSON.stringify(message));
  return typed.ok ? typed : err(`Its field message is not a message: ${typed.error}`);
}

/** Reads our JSON: the reason it cannot be read names the field. */
export function parseSharedMessageJson(text: string): Result<SharedMessage> {
  if (text.length > MAX_SHARED_MESSAGE_TEXT) return err('It is larger than 256 KiB: not a shared message.');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err('It is not JSON.');
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== SHARED_MESSAGE_FORMAT)
    return err(`It is not a shared Safe message (format ${SHARED_MESSAGE_FORMAT}).`);
  const version = (raw as { version?: unknown }).version;
  if (version !== SHARED_MESSAGE_VERSION)
    return err(
      `Its format version is ${String(version)}; this page reads version ${SHARED_MESSAGE_VERSION}.`,
    );
  const parsed = sharedMessageSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(
      `Its field ${issue?.path.join('.') || '(top)'} is invalid: ${issue?.message ?? 'unreadable'}.`,
    );
  }
  const value = parsed.data;
  const message = readContent(value.message);
  if (!message.ok) return message;
  return ok({
    chainId: value.chainId,
    safe: getAddress(value.safe),
    message: message.value,
    safeMessageHash: value.safeMessageHash?.toLowerCase() as Hex | undefined,
    signatures: value.signatures.map((s) => ({
      signer: s.signer === undefined ? undefined : getAddress(s.signer),
      signature: s.signature as Hex,
    })),
    title: value.title,
  });
}

/** The link's fragment: the browser never sends it to any server. */
export const sharedMessageFragment = (shared: SharedMessage): string =>
  `msg=${textToBase64Url(sharedMessageJson(shared))}`;

/** Reads a `#msg=` fragment of our links. */
export function parseSharedMessageFragment(fragment: string): Result<SharedMessage> {
  const encoded = new URLSearchParams(fragment.replace(/^#/, '')).get('msg');
  if (encoded === null) return err('The link holds no message (#msg=…).');
  if (encoded.length > (MAX_SHARED_MESSAGE_TEXT * 4) / 3) return err('The link is larger than 256 KiB.');
  const text = base64UrlToText(encoded);
  if (text === undefined) return err('The link was cut or changed: its message is not readable.');
  return parseSharedMessageJson(text);
}

/** What a pasted text holds: our link or our JSON. */
export function parseSharedMessageInput(text: string): Result<SharedMessage> {
  const trimmed = text.trim();
  if (trimmed === '') return err('Paste a link or the JSON of a shared message.');
  if (trimmed.startsWith('{')) return parseSharedMessageJson(trimmed);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return err('It is neither a link nor JSON.');
  }
  return parseSharedMessageFragment(url.hash);
}

/** The file's name: the Safe, the start of the message hash and how far it is signed. */
export const sharedMessageFileName = (shared: SharedMessage, safeMessageHash: Hex): string =>
  `safe-message-${shared.safe.slice(0, 10)}-${safeMessageHash.slice(0, 10)}-${shared.signatures.length}-signed.json`;
