import { z } from 'zod';
import { addressSchema, hexSchema, numericStringSchema } from './primitives';

/** A hex signature blob: at least one 65-byte signature, whole bytes. */
export const signatureSchema = hexSchema.refine(
  (value) => value.length >= 2 + 130 && value.length % 2 === 0,
  {
    message: 'Invalid signature',
  },
);

export const proposeTransactionBodySchema = z.object({
  to: addressSchema,
  value: numericStringSchema,
  data: hexSchema.nullable(),
  nonce: numericStringSchema,
  operation: z.union([z.literal(0), z.literal(1)]),
  safeTxGas: numericStringSchema,
  baseGas: numericStringSchema,
  gasPrice: numericStringSchema,
  gasToken: addressSchema,
  refundReceiver: addressSchema.nullable(),
  safeTxHash: hexSchema.refine((value) => value.length === 66, { message: 'Invalid safeTxHash' }),
  sender: addressSchema,
  signature: signatureSchema.nullable(),
  origin: z.string().nullable(),
});
export type ProposeTransactionBody = z.infer<typeof proposeTransactionBodySchema>;

export const safeNoncesSchema = z.object({
  currentNonce: z.number().int().nonnegative(),
  recommendedNonce: z.number().int().nonnegative(),
});
export type SafeNonces = z.infer<typeof safeNoncesSchema>;

export const estimationBodySchema = z.object({
  to: addressSchema,
  value: numericStringSchema,
  data: hexSchema.nullable(),
  operation: z.union([z.literal(0), z.literal(1)]),
});

export const estimationSchema = safeNoncesSchema.extend({ safeTxGas: numericStringSchema });
export type Estimation = z.infer<typeof estimationSchema>;
