import * as z from 'zod/mini';
import { deferred } from './deferred';
import { tokenInfoSchema } from './assets';
import { addressInfoSchema, pageSchema } from './common';
import { openEnum, orNull, otherThan, tolerantItem } from './lenient';
import { addressSchema, hexSchema } from './primitives';

/*
 * Transactions as the gateway shows them. What the client knows (the four txInfo kinds, the settings
 * changes, the three transfer kinds, MULTISIG/MODULE execution) is strictly typed; what it does not
 * know is read as a generic variant instead of failing the answer (see lenient.ts), and list pages
 * parse each item on its own (`transactionListEntrySchema`).
 */

export const txStatusSchema = deferred(() =>
  z.enum(['AWAITING_CONFIRMATIONS', 'AWAITING_EXECUTION', 'CANCELLED', 'FAILED', 'SUCCESS']),
);
export type TxStatus = z.infer<typeof txStatusSchema>;

export const operationSchema = deferred(() => z.union([z.literal(0), z.literal(1)]));
/** Unknown directions read as UNKNOWN. */
export const transferDirectionSchema = deferred(() =>
  openEnum(['INCOMING', 'OUTGOING', 'UNKNOWN'], 'UNKNOWN'),
);
export const conflictTypeSchema = deferred(() => z.enum(['None', 'HasNext', 'End']));

export type DataDecodedAccuracy =
  'FULL_MATCH' | 'PARTIAL_MATCH' | 'ONLY_FUNCTION_MATCH' | 'NO_MATCH' | 'UNKNOWN';

/** Decoded calldata; parameter values are strings, string arrays, or nested structures. */
export type DataDecoded = {
  method: string;
  /** Absent or null when the decoder gave none. */
  parameters: DecodedParameter[] | null;
  accuracy?: DataDecodedAccuracy;
};
export type DecodedParameter = {
  name: string;
  type: string;
  value: unknown;
  valueDecoded?: DataDecoded | MultiSendEntry[] | null;
};
export type MultiSendEntry = {
  operation: 0 | 1;
  to: string;
  value: string;
  data: string | null;
  /** null when the entry's calldata could not be decoded (or it has none). */
  dataDecoded: DataDecoded | null;
};

const accuracySchema = deferred(() =>
  openEnum(['FULL_MATCH', 'PARTIAL_MATCH', 'ONLY_FUNCTION_MATCH', 'NO_MATCH', 'UNKNOWN'], 'UNKNOWN'),
);

/** `POST /v1/chains/{c}/data-decoder` answers this; txData and SettingsChange carry it too. */
export const dataDecodedSchema: z.ZodMiniType<DataDecoded> = z.lazy(() =>
  z.object({
    method: z.string(),
    parameters: orNull(z.array(decodedParameterSchema)),
    accuracy: z.optional(accuracySchema),
  }),
);
const multiSendEntrySchema: z.ZodMiniType<MultiSendEntry> = z.lazy(() =>
  z.object({
    operation: operationSchema,
    to: addressSchema,
    value: z.string(),
    data: orNull(hexSchema),
    dataDecoded: orNull(dataDecodedSchema),
  }),
);
const decodedParameterSchema: z.ZodMiniType<DecodedParameter> = z.lazy(() =>
  z.object({
    name: z.string(),
    type: z.string(),
    value: z.unknown(),
    valueDecoded: z.optional(z.nullable(z.union([dataDecodedSchema, z.array(multiSendEntrySchema)]))),
  }),
);

// ---- transferInfo ----

export const nativeCoinTransferSchema = deferred(() =>
  z.object({
    type: z.literal('NATIVE_COIN'),
    value: orNull(z.string()),
  }),
);
export const erc20TransferSchema = deferred(() =>
  z.object({
    type: z.literal('ERC20'),
    tokenAddress: addressSchema,
    value: z.string(),
    tokenName: orNull(z.string()),
    tokenSymbol: orNull(z.string()),
    logoUri: orNull(z.string()),
    decimals: orNull(z.number().check(z.int())),
    trusted: orNull(z.boolean()),
    /** Older gateways did not flag address-poisoning imitations. */
    imitation: z._default(z.boolean(), false),
  }),
);
export const erc721TransferSchema = deferred(() =>
  z.object({
    type: z.literal('ERC721'),
    tokenAddress: addressSchema,
    tokenId: z.string(),
    tokenName: orNull(z.string()),
    tokenSymbol: orNull(z.string()),
    logoUri: orNull(z.string()),
    trusted: orNull(z.boolean()),
  }),
);
const knownTransferTypes = ['NATIVE_COIN', 'ERC20', 'ERC721'];

/** A transfer of a kind this client does not know, kept as the gateway sent it. */
export type UnknownTransferInfo = { type: 'UNKNOWN'; originalType: string; raw: Record<string, unknown> };

export const transferInfoSchema = deferred(() =>
  z.union([
    z.discriminatedUnion('type', [nativeCoinTransferSchema, erc20TransferSchema, erc721TransferSchema]),
    z.pipe(
      z.looseObject({ type: otherThan(knownTransferTypes) }),
      z.transform((raw: { type: string; [key: string]: unknown }): UnknownTransferInfo => ({
        type: 'UNKNOWN',
        originalType: raw.type,
        raw: { ...raw },
      })),
    ),
  ]),
);
export type TransferInfo = z.infer<typeof transferInfoSchema>;

// ---- settingsInfo ----

const knownSettingsSchemas = () =>
  [
    z.object({
      type: z.literal('ADD_OWNER'),
      owner: addressInfoSchema,
      threshold: z.number().check(z.int()),
    }),
    z.object({
      type: z.literal('REMOVE_OWNER'),
      owner: addressInfoSchema,
      threshold: z.number().check(z.int()),
    }),
    z.object({ type: z.literal('SWAP_OWNER'), oldOwner: addressInfoSchema, newOwner: addressInfoSchema }),
    z.object({ type: z.literal('CHANGE_THRESHOLD'), threshold: z.number().check(z.int()) }),
    z.object({ type: z.literal('CHANGE_MASTER_COPY'), implementation: addressInfoSchema }),
    z.object({ type: z.literal('CHANGE_IMPLEMENTATION'), implementation: addressInfoSchema }),
    z.object({ type: z.literal('ENABLE_MODULE'), module: addressInfoSchema }),
    z.object({ type: z.literal('DISABLE_MODULE'), module: addressInfoSchema }),
    z.object({ type: z.literal('SET_FALLBACK_HANDLER'), handler: addressInfoSchema }),
    z.object({ type: z.literal('SET_GUARD'), guard: addressInfoSchema }),
    z.object({ type: z.literal('DELETE_GUARD') }),
    z.object({ type: z.literal('SET_MODULE_GUARD'), moduleGuard: addressInfoSchema }),
    z.object({ type: z.literal('DELETE_MODULE_GUARD') }),
  ] as const;

/** A settings change of a kind this client does not know. */
export type UnknownSettingsInfo = { type: 'UNKNOWN'; originalType: string };

/**
 * The server says CHANGE_MASTER_COPY; the classic SDK says CHANGE_IMPLEMENTATION. Both are read. A
 * kind this client does not know reads as `{type: 'UNKNOWN', originalType}`.
 */
export const settingsInfoSchema = deferred(() => {
  const known = knownSettingsSchemas();
  return z.union([
    z.discriminatedUnion('type', known),
    z.pipe(
      z.looseObject({ type: otherThan(known.flatMap((schema) => schema.shape.type.def.values)) }),
      z.transform((raw: { type: string }): UnknownSettingsInfo => ({
        type: 'UNKNOWN',
        originalType: raw.type,
      })),
    ),
  ]);
});
export type SettingsInfo = z.infer<typeof settingsInfoSchema>;

// ---- txInfo ----

const humanDescription = () => ({ humanDescription: orNull(z.string()) });

export const transferTxInfoSchema = deferred(() =>
  z.object({
    type: z.literal('Transfer'),
    sender: addressInfoSchema,
    recipient: addressInfoSchema,
    direction: transferDirectionSchema,
    transferInfo: transferInfoSchema,
    ...humanDescription(),
  }),
);
export const settingsChangeTxInfoSchema = deferred(() =>
  z.object({
    type: z.literal('SettingsChange'),
    dataDecoded: dataDecodedSchema,
    settingsInfo: orNull(settingsInfoSchema),
    ...humanDescription(),
  }),
);
export const customTxInfoSchema = deferred(() =>
  z.object({
    type: z.literal('Custom'),
    to: addressInfoSchema,
    dataSize: z.string(),
    value: orNull(z.string()),
    isCancellation: z.boolean(),
    methodName: orNull(z.string()),
    /** Only for a MultiSend batch (methodName "multiSend"): absent or null otherwise. */
    actionCount: z.nullish(z.number().check(z.int())),
    ...humanDescription(),
  }),
);
export const creationTxInfoSchema = deferred(() =>
  z.object({
    type: z.literal('Creation'),
    creator: addressInfoSchema,
    transactionHash: hexSchema,
    implementation: orNull(addressInfoSchema),
    factory: orNull(addressInfoSchema),
    saltNonce: orNull(z.string()),
    ...humanDescription(),
  }),
);

const knownTxInfoTypes = ['Transfer', 'SettingsChange', 'Custom', 'Creation'];

/**
 * A transaction of a kind this client does not know (SwapOrder, TwapOrder, SwapTransfer, the
 * NativeStaking*, VaultDeposit/VaultRedeem, Bridge, Swap, SwapAndBridge, or anything newer): its
 * type, the gateway's description of it, and everything it sent.
 */
export type UnknownTxInfo = {
  type: 'Unknown';
  originalType: string;
  humanDescription: string | null;
  raw: Record<string, unknown>;
};

export const unknownTxInfoSchema = deferred(() =>
  z.pipe(
    z.looseObject({ type: otherThan(knownTxInfoTypes), humanDescription: z.optional(z.unknown()) }),
    z.transform(
      (raw: { type: string; humanDescription?: unknown; [key: string]: unknown }): UnknownTxInfo => ({
        type: 'Unknown',
        originalType: raw.type,
        humanDescription: typeof raw.humanDescription === 'string' ? raw.humanDescription : null,
        raw: { ...raw },
      }),
    ),
  ),
);

export const txInfoSchema = deferred(() =>
  z.union([
    z.discriminatedUnion('type', [
      transferTxInfoSchema,
      settingsChangeTxInfoSchema,
      customTxInfoSchema,
      creationTxInfoSchema,
    ]),
    unknownTxInfoSchema,
  ]),
);
export type TxInfo = z.infer<typeof txInfoSchema>;
export type TransferTxInfo = z.infer<typeof transferTxInfoSchema>;
export type SettingsChangeTxInfo = z.infer<typeof settingsChangeTxInfoSchema>;
export type CustomTxInfo = z.infer<typeof customTxInfoSchema>;
export type CreationTxInfo = z.infer<typeof creationTxInfoSchema>;

// ---- executionInfo ----

export const multisigExecutionInfoSchema = deferred(() =>
  z.object({
    type: z.literal('MULTISIG'),
    nonce: z.number().check(z.int(), z.nonnegative()),
    confirmationsRequired: z.number().check(z.int(), z.nonnegative()),
    confirmationsSubmitted: z.number().check(z.int(), z.nonnegative()),
    missingSigners: orNull(z.array(addressInfoSchema)),
  }),
);
export const moduleExecutionInfoSchema = deferred(() =>
  z.object({ type: z.literal('MODULE'), address: addressInfoSchema }),
);

/** MULTISIG or MODULE; null for transfers and creation, and for a kind this client does not know. */
export const executionInfoSchema = deferred(() =>
  orNull(
    z.union([
      z.discriminatedUnion('type', [multisigExecutionInfoSchema, moduleExecutionInfoSchema]),
      z.pipe(
        z.looseObject({ type: otherThan(['MULTISIG', 'MODULE']) }),
        z.transform(() => null),
      ),
    ]),
  ),
);
export type ExecutionInfo = z.infer<typeof executionInfoSchema>;

export const safeAppInfoSchema = deferred(() =>
  z.object({
    name: z.string(),
    url: z.string(),
    logoUri: orNull(z.string()),
  }),
);
export type SafeAppInfo = z.infer<typeof safeAppInfoSchema>;

export const transactionSummarySchema = deferred(() =>
  z.object({
    id: z.string(),
    timestamp: z.number().check(z.int()),
    txStatus: txStatusSchema,
    txInfo: txInfoSchema,
    executionInfo: executionInfoSchema,
    safeAppInfo: orNull(safeAppInfoSchema),
    txHash: orNull(hexSchema),
    note: orNull(z.string()),
  }),
);
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

// ---- list items ----

export const transactionItemSchema = deferred(() =>
  z.object({
    type: z.literal('TRANSACTION'),
    transaction: transactionSummarySchema,
    conflictType: conflictTypeSchema,
  }),
);
export const dateLabelItemSchema = deferred(() =>
  z.object({
    type: z.literal('DATE_LABEL'),
    timestamp: z.number().check(z.int()),
  }),
);
/** "Next" or "Queued" today; kept as the gateway sends it. */
export const labelItemSchema = deferred(() => z.object({ type: z.literal('LABEL'), label: z.string() }));
export const conflictHeaderItemSchema = deferred(() =>
  z.object({
    type: z.literal('CONFLICT_HEADER'),
    nonce: z.number().check(z.int()),
  }),
);
export type TransactionItem = z.infer<typeof transactionItemSchema>;
export type DateLabelItem = z.infer<typeof dateLabelItemSchema>;
export type LabelItem = z.infer<typeof labelItemSchema>;
export type ConflictHeaderItem = z.infer<typeof conflictHeaderItemSchema>;

/** An item of history, queue and the multisig/module/incoming lists, strictly typed. */
export const transactionListItemSchema = deferred(() =>
  z.discriminatedUnion('type', [
    transactionItemSchema,
    dateLabelItemSchema,
    labelItemSchema,
    conflictHeaderItemSchema,
  ]),
);
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

/**
 * An item as the client reads list pages: a TransactionListItem, or `{type: 'UNREADABLE', raw,
 * issues}` for one that failed its schema (the rest of the page is still read).
 */
export const transactionListEntrySchema = deferred(() => tolerantItem(transactionListItemSchema));
export type TransactionListEntry = z.infer<typeof transactionListEntrySchema>;

/** A page of history, queue or the multisig/module/incoming lists, each item read on its own. */
export const transactionListPageSchema = deferred(() => pageSchema(transactionListEntrySchema));
export type TransactionListPage = z.infer<typeof transactionListPageSchema>;

// ---- details ----

export const transactionDataSchema = deferred(() =>
  z.object({
    hexData: orNull(hexSchema),
    dataDecoded: orNull(dataDecodedSchema),
    to: addressInfoSchema,
    value: orNull(z.string()),
    operation: operationSchema,
    trustedDelegateCallTarget: orNull(z.boolean()),
    addressInfoIndex: orNull(z.record(z.string(), addressInfoSchema)),
    /** The tokens a MultiSend batch moves (the native token as 0x0…0), by address. */
    tokenInfoIndex: orNull(z.record(z.string(), tokenInfoSchema)),
  }),
);
export type TransactionData = z.infer<typeof transactionDataSchema>;

export const multisigConfirmationSchema = deferred(() =>
  z.object({
    signer: addressInfoSchema,
    signature: orNull(hexSchema),
    submittedAt: z.number().check(z.int()),
  }),
);

export const multisigExecutionDetailsSchema = deferred(() =>
  z.object({
    type: z.literal('MULTISIG'),
    submittedAt: z.number().check(z.int()),
    nonce: z.number().check(z.int(), z.nonnegative()),
    safeTxGas: z.string(),
    baseGas: z.string(),
    gasPrice: z.string(),
    gasToken: addressSchema,
    /** Wei the executing transaction paid for gas; "0" while queued. Older gateways left it out. */
    fee: orNull(z.string()),
    /** The refund the Safe paid its executor per the SafeTx; "0" while queued. Older gateways left it out. */
    payment: orNull(z.string()),
    refundReceiver: addressInfoSchema,
    safeTxHash: hexSchema,
    executor: orNull(addressInfoSchema),
    signers: z.array(addressInfoSchema),
    confirmationsRequired: z.number().check(z.int(), z.nonnegative()),
    confirmations: z.array(multisigConfirmationSchema),
    rejectors: z._default(z.array(addressInfoSchema), []),
    gasTokenInfo: orNull(tokenInfoSchema),
    trusted: z.boolean(),
    proposer: orNull(addressInfoSchema),
    proposedByDelegate: orNull(addressInfoSchema),
  }),
);
export type MultisigExecutionDetails = z.infer<typeof multisigExecutionDetailsSchema>;

export const moduleExecutionDetailsSchema = deferred(() =>
  z.object({
    type: z.literal('MODULE'),
    address: addressInfoSchema,
  }),
);
export type ModuleExecutionDetails = z.infer<typeof moduleExecutionDetailsSchema>;

/** MULTISIG or MODULE; null for transfers, and for a kind this client does not know. */
export const detailedExecutionInfoSchema = deferred(() =>
  orNull(
    z.union([
      z.discriminatedUnion('type', [multisigExecutionDetailsSchema, moduleExecutionDetailsSchema]),
      z.pipe(
        z.looseObject({ type: otherThan(['MULTISIG', 'MODULE']) }),
        z.transform(() => null),
      ),
    ]),
  ),
);
export type DetailedExecutionInfo = z.infer<typeof detailedExecutionInfoSchema>;

/** `GET /v1/chains/{c}/transactions/{id}`, and the answer to a proposal. */
export const transactionDetailsSchema = deferred(() =>
  z.object({
    safeAddress: addressSchema,
    txId: z.string(),
    executedAt: orNull(z.number().check(z.int())),
    txStatus: txStatusSchema,
    txInfo: txInfoSchema,
    txData: orNull(transactionDataSchema),
    detailedExecutionInfo: detailedExecutionInfoSchema,
    txHash: orNull(hexSchema),
    safeAppInfo: orNull(safeAppInfoSchema),
    note: orNull(z.string()),
  }),
);
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;
