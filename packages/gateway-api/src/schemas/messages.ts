import * as z from 'zod/mini';
import { deferred } from './deferred';
import { addressInfoSchema, pageSchema } from './common';
import { openEnum, orNull, tolerantItem } from './lenient';
import { hexSchema } from './primitives';
import { maxOriginLength, signatureSchema } from './proposals';

/** EIP-712 typed data as a Safe message. The server requires primaryType. */
export const typedDataSchema = deferred(() =>
  z.object({
    domain: z.object({
      name: z.optional(z.string()),
      version: z.optional(z.string()),
      chainId: z.optional(z.union([z.number(), z.string()])),
      verifyingContract: z.optional(z.string()),
      salt: z.optional(z.string()),
    }),
    primaryType: z.string().check(z.minLength(1)),
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    message: z.record(z.string(), z.unknown()),
  }),
);
export type TypedData = z.infer<typeof typedDataSchema>;

/** The most bytes a raw message may hold: what a child Safe asks of its owner is 66 bytes at most. */
export const maxRawMessageBytes = 1024;

/**
 * Countersign's extension: raw bytes a contract asks the Safe's isValidSignature(bytes, bytes) about,
 * signed as they are (SafeMessage.message = bytes). A parent Safe signs its child's transactions and
 * messages this way. Safe's own gateway knows only text and typed data.
 */
export const rawMessageSchema = deferred(() =>
  z.object({
    bytes: z
      .string()
      .check(z.regex(new RegExp(`^0x(?:[0-9a-fA-F]{2}){1,${maxRawMessageBytes}}$`), 'Invalid bytes')),
  }),
);
export type RawMessage = z.infer<typeof rawMessageSchema>;

/** A status this client does not know (a newer gateway's) reads as UNKNOWN rather than failing the message. */
export const messageStatusSchema = deferred(() =>
  openEnum(['NEEDS_CONFIRMATION', 'CONFIRMED', 'UNKNOWN'], 'UNKNOWN'),
);

/** `GET /v1/chains/{c}/messages/{messageHash}`. */
const safeMessageObject = () =>
  z.object({
    messageHash: hexSchema,
    status: messageStatusSchema,
    logoUri: orNull(z.string()),
    name: orNull(z.string()),
    message: z.union([z.string(), typedDataSchema, rawMessageSchema]),
    creationTimestamp: z.number().check(z.int()),
    modifiedTimestamp: z.number().check(z.int()),
    confirmationsSubmitted: z.number().check(z.int(), z.nonnegative()),
    confirmationsRequired: z.number().check(z.int(), z.nonnegative()),
    proposedBy: addressInfoSchema,
    confirmations: z.array(z.object({ owner: addressInfoSchema, signature: hexSchema })),
    /** Only once CONFIRMED. */
    preparedSignature: orNull(hexSchema),
    origin: orNull(z.string()),
  });
export const safeMessageSchema = deferred(safeMessageObject);
export type SafeMessage = z.infer<typeof safeMessageSchema>;

export const messageItemSchema = deferred(() =>
  z.extend(safeMessageObject(), { type: z.literal('MESSAGE') }),
);
export type MessageItem = z.infer<typeof messageItemSchema>;

/** An item of `GET /v1/chains/{c}/safes/{safe}/messages`, strictly typed. */
export const safeMessageListItemSchema = deferred(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('DATE_LABEL'), timestamp: z.number().check(z.int()) }),
    messageItemSchema,
  ]),
);
export type SafeMessageListItem = z.infer<typeof safeMessageListItemSchema>;

/**
 * A message list item as the client reads pages: a SafeMessageListItem, or `{type: 'UNREADABLE', raw,
 * issues}` for one that failed its schema (see lenient.ts).
 */
export const safeMessageListEntrySchema = deferred(() => tolerantItem(safeMessageListItemSchema));
export type SafeMessageListEntry = z.infer<typeof safeMessageListEntrySchema>;

/** A page of `GET /v1/chains/{c}/safes/{safe}/messages`, each item read on its own. */
export const safeMessagePageSchema = deferred(() => pageSchema(safeMessageListEntrySchema));
export type SafeMessagePage = z.infer<typeof safeMessagePageSchema>;

/** The body of `POST /v1/chains/{c}/safes/{safe}/messages` (validated by the gateway service). */
export const proposeMessageBodySchema = deferred(() =>
  z.object({
    message: z.union([z.string(), typedDataSchema, rawMessageSchema]),
    signature: signatureSchema,
    safeAppId: z.optional(z.nullable(z.number().check(z.int(), z.nonnegative()))),
    origin: z.optional(z.nullable(z.string().check(z.maxLength(maxOriginLength)))),
  }),
);
export type ProposeMessageBody = z.infer<typeof proposeMessageBodySchema>;

/** The body of `POST /v1/chains/{c}/messages/{messageHash}/signatures`. */
export const confirmMessageBodySchema = deferred(() => z.object({ signature: signatureSchema }));
export type ConfirmMessageBody = z.infer<typeof confirmMessageBodySchema>;
