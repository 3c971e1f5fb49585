import { z } from 'zod';
import { addressInfoSchema } from './common';
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

export const safeMessageSchema = z.object({
  messageHash: hexSchema,
  status: messageStatusSchema,
  logoUri: z.string().nullable(),
  name: z.string().nullable(),
  message: z.union([z.string(), typedDataSchema]),
  creationTimestamp: z.number().int(),
  modifiedTimestamp: z.number().int(),
  confirmationsSubmitted: z.number().int().nonnegative(),
  confirmationsRequired: z.number().int().nonnegative(),
  proposedBy: addressInfoSchema,
  confirmations: z.array(z.object({ owner: addressInfoSchema, signature: hexSchema })),
  preparedSignature: hexSchema.nullable(),
  origin: z.string().nullable(),
});
export type SafeMessage = z.infer<typeof safeMessageSchema>;

export const safeMessageListItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('DATE_LABEL'), timestamp: z.number().int() }),
  safeMessageSchema.extend({ type: z.literal('MESSAGE') }),
]);
export type SafeMessageListItem = z.infer<typeof safeMessageListItemSchema>;

export const proposeMessageBodySchema = z.object({
  message: z.union([z.string(), typedDataSchema]),
  signature: signatureSchema,
  safeAppId: z.number().int().nonnegative().nullable().optional(),
  origin: z.string().nullable().optional(),
});
export type ProposeMessageBody = z.infer<typeof proposeMessageBodySchema>;

export const confirmMessageBodySchema = z.object({ signature: signatureSchema });
