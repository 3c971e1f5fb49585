import { z } from 'zod';
import { addressInfoSchema } from './common';
import { addressSchema, secondsTagSchema } from './primitives';

export const implementationVersionStateSchema = z.enum(['UP_TO_DATE', 'OUTDATED', 'UNKNOWN']);
export type ImplementationVersionState = z.infer<typeof implementationVersionStateSchema>;

export const safeInfoSchema = z.object({
  address: addressInfoSchema,
  chainId: z.string().regex(/^\d+$/),
  nonce: z.number().int().nonnegative(),
  threshold: z.number().int().positive(),
  owners: z.array(addressInfoSchema).min(1),
  implementation: addressInfoSchema,
  implementationVersionState: implementationVersionStateSchema,
  modules: z.array(addressInfoSchema).min(1).nullable(),
  fallbackHandler: addressInfoSchema.nullable(),
  guard: addressInfoSchema.nullable(),
  version: z.string().nullable(),
  collectiblesTag: secondsTagSchema,
  txQueuedTag: secondsTagSchema,
  txHistoryTag: secondsTagSchema,
  messagesTag: secondsTagSchema,
});
export type SafeInfo = z.infer<typeof safeInfoSchema>;

export const masterCopySchema = z.object({ address: addressSchema, version: z.string() });
export const masterCopiesSchema = z.array(masterCopySchema);
export type MasterCopy = z.infer<typeof masterCopySchema>;
