import * as z from 'zod/mini';
import { getAddress, isAddress, isHash, type Address, type Hash, type Hex } from 'viem';
import { codeKind, type CodeKind } from './explorerFormat';

/** The RPC answered, but not with what an Ethereum node sends: the page shows this instead of guessing. */
export class InvalidRpcAnswerError extends Error {
  override name = 'InvalidRpcAnswerError';
}

// zod/mini sets no language for its messages: English, as classic zod does, unless one is set already.
if (!z.core.globalConfig.localeError) z.config(z.locales.en());

const addressSchema = z.pipe(
  z.string().check(z.refine((value: string) => isAddress(value, { strict: false }), 'not an address')),
  z.transform((value: string) => getAddress(value)),
);
const hashSchema = z.pipe(
  z.string().check(z.refine(isHash, 'not a 32-byte hash')),
  z.transform((value: string) => value.toLowerCase() as Hash),
);
// z.custom rather than z.bigint(): zod lives in the entry chunk, and this keeps ZodBigInt out of it.
const quantitySchema = z.custom<bigint>(
  (value) => typeof value === 'bigint' && value >= 0n,
  'not a non-negative integer',
);
const codeSchema = z.pipe(
  z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'not hex bytes')),
  z.transform((value: string) => value as Hex),
);

const addressStateSchema = z.object({
  balance: quantitySchema,
  nonce: z.number().check(z.int(), z.nonnegative()),
  code: z.optional(codeSchema),
});

const transactionSchema = z.object({
  hash: hashSchema,
  from: addressSchema,
  to: z.nullable(addressSchema),
  value: quantitySchema,
  blockNumber: z.nullable(quantitySchema),
});

const receiptSchema = z.object({
  transactionHash: hashSchema,
  status: z.enum(['success', 'reverted']),
  blockNumber: quantitySchema,
  gasUsed: quantitySchema,
  effectiveGasPrice: quantitySchema,
  contractAddress: z.nullish(addressSchema),
  logs: z.array(z.unknown()),
});

function parseAnswer<T extends z.core.$ZodType>(schema: T, answer: unknown, what: string): z.output<T> {
  const parsed = z.safeParse(schema, answer);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
  );
  throw new InvalidRpcAnswerError(`The devnet RPC sent an invalid ${what} (${problems.join('; ')}).`);
}

export type AddressState = { balance: bigint; nonce: number; code: CodeKind };

/** eth_getBalance, eth_getTransactionCount and eth_getCode for one address, as viem decoded them. */
export function toAddressState(answers: { balance: unknown; nonce: unknown; code: unknown }): AddressState {
  const { balance, nonce, code } = parseAnswer(addressStateSchema, answers, 'account state');
  return { balance, nonce, code: codeKind(code) };
}

export type TransactionOutcome =
  | { status: 'pending' }
  | { status: 'success' | 'reverted'; gasUsed: bigint; effectiveGasPrice: bigint; logCount: number };

export type TransactionFacts = {
  hash: Hash;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  /** The contract a creation made: known from a successful receipt only (a reverted one made none). */
  createdContract: Address | null;
  value: bigint;
  /** null while the transaction waits in the mempool. */
  blockNumber: bigint | null;
  outcome: TransactionOutcome;
};

/** A transaction and its receipt (null when none yet), checked against the hash that was asked for. */
export function toTransactionFacts(
  requested: Hash,
  transaction: unknown,
  receipt: unknown,
): TransactionFacts {
  const tx = parseAnswer(transactionSchema, transaction, 'transaction');
  if (tx.hash !== requested.toLowerCase()) {
    throw new InvalidRpcAnswerError(`The devnet RPC answered with transaction ${tx.hash} for ${requested}.`);
  }
  if (receipt === null) {
    return { ...tx, createdContract: null, outcome: { status: 'pending' } };
  }
  const rc = parseAnswer(receiptSchema, receipt, 'transaction receipt');
  if (rc.transactionHash !== tx.hash) {
    throw new InvalidRpcAnswerError(
      `The devnet RPC answered with the receipt of ${rc.transactionHash} for ${requested}.`,
    );
  }
  if (tx.to === null && rc.status === 'success' && !rc.contractAddress) {
    throw new InvalidRpcAnswerError(
      `The devnet RPC sent no contract address for the successful contract creation ${tx.hash}.`,
    );
  }
  return {
    ...tx,
    blockNumber: rc.blockNumber,
    createdContract: tx.to === null && rc.status === 'success' ? (rc.contractAddress ?? null) : null,
    outcome: {
      status: rc.status,
      gasUsed: rc.gasUsed,
      effectiveGasPrice: rc.effectiveGasPrice,
      logCount: rc.logs.length,
    },
  };
}
