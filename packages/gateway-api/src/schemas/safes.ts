import * as z from 'zod/mini';
import { deferred } from './deferred';
import { addressInfoSchema } from './common';
import { openEnum, orNull } from './lenient';
import { addressSchema, hexSchema } from './primitives';

/** Unknown states read as UNKNOWN. */
export const implementationVersionStateSchema = deferred(() =>
  openEnum(['UP_TO_DATE', 'OUTDATED', 'UNKNOWN'], 'UNKNOWN'),
);
export type ImplementationVersionState = z.infer<typeof implementationVersionStateSchema>;

/** The Safe's own tags: Unix seconds, as strings; absent reads as null. */
const tag = deferred(() => orNull(z.string().check(z.regex(/^\d+$/))));

export const safeInfoSchema = deferred(() =>
  z.object({
    address: addressInfoSchema,
    chainId: z.string().check(z.regex(/^\d+$/)),
    nonce: z.number().check(z.int(), z.nonnegative()),
    threshold: z.number().check(z.int(), z.nonnegative()),
    owners: z.array(addressInfoSchema),
    implementation: addressInfoSchema,
    implementationVersionState: implementationVersionStateSchema,
    /** null when the Safe has none. */
    modules: orNull(z.array(addressInfoSchema)),
    fallbackHandler: orNull(addressInfoSchema),
    guard: orNull(addressInfoSchema),
    version: orNull(z.string()),
    collectiblesTag: tag,
    txQueuedTag: tag,
    txHistoryTag: tag,
    messagesTag: tag,
    /**
     * Countersign's gateway only: a finer version of each tag, which moves with every change even
     * within one second (a tag, in seconds, may not). Clients compare them as they compare the tags.
     */
    revisions: z.optional(
      z.object({
        txHistoryTag: z.optional(z.string()),
        txQueuedTag: z.optional(z.string()),
        messagesTag: z.optional(z.string()),
      }),
    ),
    /**
     * Countersign's gateway only: `modules` stops at the gateway's bound (500 modules), or where the
     * contract's module list went round in a loop; what follows was not read.
     */
    modulesTruncated: z.optional(z.boolean()),
    /**
     * Countersign's gateway only: it stopped following the Safe because its events could not be made
     * sense of (from that block on, its history is missing), and why. The real gateway sends none.
     */
    indexingStopped: z.optional(
      z.object({
        blockNumber: z.number().check(z.int()),
        transactionHash: orNull(z.string()),
        reason: z.string(),
      }),
    ),
    /**
     * Countersign's gateway only: it is still reading the Safe's past, newest first (it was asked
     * about a Safe it had not followed). The history is complete from this block on (its time in
     * Unix milliseconds, when known); older items appear as they are read. Absent once complete.
     */
    historyCompleteFrom: z.optional(
      z.object({
        blockNumber: z.number().check(z.int()),
        timestamp: orNull(z.number()),
      }),
    ),
  }),
);
export type SafeInfo = z.infer<typeof safeInfoSchema>;

export const masterCopySchema = deferred(() => z.object({ address: addressSchema, version: z.string() }));
export const masterCopiesSchema = deferred(() => z.array(masterCopySchema));
export type MasterCopy = z.infer<typeof masterCopySchema>;

/**
 * `…/transactions/creation`: how the gateway says the Safe was created. Claims only: the transaction
 * hash is worth checking on the chain, the factory is what that check should find.
 */
export const safeCreationSchema = deferred(() =>
  z.object({
    created: z.string(),
    creator: addressSchema,
    transactionHash: hexSchema,
    factoryAddress: addressSchema,
    masterCopy: orNull(addressSchema),
    saltNonce: orNull(z.string()),
  }),
);
export type SafeCreation = z.infer<typeof safeCreationSchema>;
