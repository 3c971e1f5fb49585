import * as z from 'zod/mini';
import { deferred } from './deferred';
import { addressSchema, hexSchema, numericStringSchema } from './primitives';

/** The body of `DELETE /v1/chains/{c}/transactions/{safeTxHash}`: the proposer's signature. */
export type DeleteTransactionBody = { signature: string };

/**
 * The longest signature blob a body may carry, in bytes: the gateway bounds it more tightly by the
 * Safe's owner count; this only stops a blob no Safe could use before anything reads it.
 */
export const maxSignatureBytes = 24 * 1024;

/** The longest `origin` (a Safe App's name, url and note as JSON) a proposal may carry. */
export const maxOriginLength = 2000;

/**
 * A uint256 as a base-10 string: the SafeTx's numbers are hashed as such, and anything larger cannot
 * be. The refinement checks the digits itself: zod runs it even when the pattern failed, and BigInt
 * throws on anything that is not a number, which must never become a 500.
 */
export const uint256StringSchema = deferred(() =>
  numericStringSchema.check(
    z.refine((value: string) => /^\d{1,78}$/.test(value) && BigInt(value) < 2n ** 256n, {
      message: 'Not a uint256',
    }),
  ),
);

/** A hex signature blob: at least one 65-byte signature, whole bytes. */
export const signatureSchema = deferred(() =>
  hexSchema.check(
    z.refine(
      (value: string) =>
        value.length >= 2 + 130 && value.length <= 2 + 2 * maxSignatureBytes && value.length % 2 === 0,
      { message: 'Invalid signature' },
    ),
  ),
);

/**
 * The body of `POST /v1/chains/{c}/transactions/{safe}/propose` (validated by the gateway service).
 * Older clients leave optional fields out rather than sending null: both are accepted.
 */
export const proposeTransactionBodySchema = deferred(() =>
  z.object({
    to: addressSchema,
    value: uint256StringSchema,
    data: z.nullish(hexSchema),
    nonce: uint256StringSchema,
    operation: z.union([z.literal(0), z.literal(1)]),
    safeTxGas: uint256StringSchema,
    baseGas: uint256StringSchema,
    gasPrice: uint256StringSchema,
    gasToken: addressSchema,
    refundReceiver: z.nullish(addressSchema),
    safeTxHash: hexSchema.check(
      z.refine((value: string) => value.length === 66, { message: 'Invalid safeTxHash' }),
    ),
    sender: addressSchema,
    signature: z.nullish(signatureSchema),
    origin: z.nullish(z.string().check(z.maxLength(maxOriginLength))),
  }),
);
export type ProposeTransactionBody = z.infer<typeof proposeTransactionBodySchema>;

/** `GET /v1/chains/{c}/safes/{safe}/nonces`. */
const safeNoncesObject = () =>
  z.object({
    currentNonce: z.number().check(z.int(), z.nonnegative()),
    recommendedNonce: z.number().check(z.int(), z.nonnegative()),
  });
export const safeNoncesSchema = deferred(safeNoncesObject);
export type SafeNonces = z.infer<typeof safeNoncesSchema>;

/** The body of `POST /v2/chains/{c}/safes/{safe}/multisig-transactions/estimations`. */
export const estimationBodySchema = deferred(() =>
  z.object({
    to: addressSchema,
    value: uint256StringSchema,
    data: z.nullish(hexSchema),
    operation: z.union([z.literal(0), z.literal(1)]),
  }),
);
export type EstimationBody = z.input<typeof estimationBodySchema>;

/** The estimation's answer: the nonces, and the safeTxGas to sign. */
export const estimationSchema = deferred(() =>
  z.extend(safeNoncesObject(), { safeTxGas: numericStringSchema }),
);
export type Estimation = z.infer<typeof estimationSchema>;

/** A Safe transaction's fields, as safe-core's SafeTx holds them. */
export type SafeTxFields = {
  to: string;
  value: bigint;
  data: string;
  operation: 0 | 1;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: string;
  refundReceiver: string;
  nonce: bigint;
};

/** The propose body for a Safe transaction: numbers as base-10 strings, empty data as null. */
export function proposalBody(
  tx: SafeTxFields,
  proposal: { safeTxHash: string; sender: string; signature: string | null; origin: string | null },
): ProposeTransactionBody {
  return {
    to: tx.to,
    value: tx.value.toString(),
    data: tx.data === '0x' ? null : tx.data,
    nonce: tx.nonce.toString(),
    operation: tx.operation,
    safeTxGas: tx.safeTxGas.toString(),
    baseGas: tx.baseGas.toString(),
    gasPrice: tx.gasPrice.toString(),
    gasToken: tx.gasToken,
    refundReceiver: tx.refundReceiver,
    ...proposal,
  };
}
