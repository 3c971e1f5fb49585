import { z } from 'zod';
import { addressInfoSchema, pageSchema } from './common';
import { orNull, tolerantItem } from './lenient';
import { hexSchema } from './primitives';
import { signatureSchema } from './proposals';

/** EIP-712 typed data as a Safe message. The server requires primaryType. */
export const typedDataSchema = z.object({
  domain: z.object({
    name: z.string().optional(),
    version: z.string().optional(),
    chainId: z.union([z.number(), z.string()]).optional(),
    verifyingContract: z.string().optional(),
    salt: z.string().optional(),
  }),
  primaryType: z.string().min(1),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  message: z.record(z.string(), z.unknown()),
});
export type TypedData = z.infer<typeof typedDataSchema>;

export const messageStatusSchema = z.enum(['NEEDS_CONFIRMATION', 'CONFIRMED']);

/** `GET /v1/chains/{c}/messages/{messageHash}`. */
export const safeMessageSchema = z.object({
  messageHash: hexSchema,
  status: messageStatusSchema,
  logoUri: orNull(z.string()),
  name: orNull(z.string()),
  message: z.union([z.string(), typedDataSchema]),
  creationTimestamp: z.number().int(),
  modifiedTimestamp: z.number().int(),
  confirmationsSubmitted: z.number().int().nonnegative(),
  confirmationsRequired: z.number().int().nonnegative(),
  proposedBy: addressInfoSchema,
  confirmations: z.array(z.object({ owner: addressInfoSchema, signature: hexSchema })),
  /** Only once CONFIRMED. */
  preparedSignature: orNull(hexSchema),
  origin: orNull(z.string()),
});
export type SafeMessage = z.infer<typeof safeMessageSchema>;

export const messageItemSchema = safeMessageSchema.extend({ type: z.literal('MESSAGE') });
export type MessageItem = z.infer<typeof messageItemSchema>;

/** An item of `GET /v1/chains/{c}/safes/{safe}/messages`, strictly typed. */
export const safeMessageListItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('DATE_LABEL'), timestamp: z.number().int() }),
  messageItemSchema,
]);
export type SafeMessageListItem = z.infer<typeof safeMessageListItemSchema>;

/**
 * A message list item as the client reads pages: a SafeMessageListItem, or `{type: 'UNREADABLE', raw,
 * issues}` for one that failed its schema (see lenient.ts).
 */
export const safeMessageListEntrySchema = tolerantItem(safeMessageListItemSchema);
export type SafeMessageListEntry = z.infer<typeof safeMessageListEntrySchema>;

/** A page of `GET /v1/chains/{c}/safes/{safe}/messages`, each item read on its own. */
export const safeMessagePageSchema = pageSchema(safeMessageListEntrySchema);
export type SafeMessagePage = z.infer<typeof safeMessagePageSchema>;

/** The body of `POST /v1/chains/{c}/safes/{safe}/messages` (validated by the gateway service). */
export const proposeMessageBodySchema = z.object({
  message: z.union([z.string(), typedDataSchema]),
  signature: signatureSchema,
  safeAppId: z.number().int().nonnegative().nullable().optional(),
  origin: z.string().nullable().optional(),
});
export type ProposeMessageBody = z.infer<typeof proposeMessageBodySchema>;

/** The body of `POST /v1/chains/{c}/messages/{messageHash}/signatures`. */
export const confirmMessageBodySchema = z.object({ signature: signatureSchema });
export type ConfirmMessageBody = z.infer<typeof confirmMessageBodySchema>;
