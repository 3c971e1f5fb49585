import { z } from 'zod';
import { addressInfoSchema } from './common';
import { addressSchema, hexSchema } from './primitives';

export const txStatusSchema = z.enum([
  'AWAITING_CONFIRMATIONS',
  'AWAITING_EXECUTION',
  'CANCELLED',
  'FAILED',
  'SUCCESS',
]);
export type TxStatus = z.infer<typeof txStatusSchema>;

export const operationSchema = z.union([z.literal(0), z.literal(1)]);
export const transferDirectionSchema = z.enum(['INCOMING', 'OUTGOING', 'UNKNOWN']);
export const conflictTypeSchema = z.enum(['None', 'HasNext', 'End']);

/** Decoded calldata; parameter values are strings, string arrays, or nested structures. */
export type DataDecoded = {
  method: string;
  parameters: DecodedParameter[] | null;
  accuracy?: 'FULL_MATCH' | 'PARTIAL_MATCH' | 'ONLY_FUNCTION_MATCH' | 'NO_MATCH' | 'UNKNOWN';
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
  dataDecoded: DataDecoded | null;
};

export const dataDecodedSchema: z.ZodType<DataDecoded> = z.lazy(() =>
  z.object({
    method: z.string(),
    parameters: z.array(decodedParameterSchema).nullable(),
    accuracy: z
      .enum(['FULL_MATCH', 'PARTIAL_MATCH', 'ONLY_FUNCTION_MATCH', 'NO_MATCH', 'UNKNOWN'])
      .optional(),
  }),
);
const multiSendEntrySchema: z.ZodType<MultiSendEntry> = z.lazy(() =>
  z.object({
    operation: operationSchema,
    to: addressSchema,
    value: z.string(),
    data: hexSchema.nullable(),
    dataDecoded: dataDecodedSchema.nullable(),
  }),
);
const decodedParameterSchema: z.ZodType<DecodedParameter> = z.lazy(() =>
  z.object({
    name: z.string(),
    type: z.string(),
    value: z.unknown(),
    valueDecoded: z
      .union([dataDecodedSchema, z.array(multiSendEntrySchema)])
      .nullable()
      .optional(),
  }),
);

export const transferInfoSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('NATIVE_COIN'), value: z.string().nullable() }),
  z.object({
    type: z.literal('ERC20'),
    tokenAddress: addressSchema,
    value: z.string(),
    tokenName: z.string().nullable(),
    tokenSymbol: z.string().nullable(),
    logoUri: z.string().nullable(),
    decimals: z.number().int().nullable(),
    trusted: z.boolean().nullable(),
    imitation: z.boolean(),
  }),
  z.object({
    type: z.literal('ERC721'),
    tokenAddress: addressSchema,
    tokenId: z.string(),
    tokenName: z.string().nullable(),
    tokenSymbol: z.string().nullable(),
    logoUri: z.string().nullable(),
    trusted: z.boolean().nullable(),
  }),
]);
export type TransferInfo = z.infer<typeof transferInfoSchema>;

/** The server says CHANGE_MASTER_COPY; the classic SDK says CHANGE_IMPLEMENTATION. Both are read. */
export const settingsInfoSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ADD_OWNER'), owner: addressInfoSchema, threshold: z.number().int() }),
  z.object({ type: z.literal('REMOVE_OWNER'), owner: addressInfoSchema, threshold: z.number().int() }),
  z.object({ type: z.literal('SWAP_OWNER'), oldOwner: addressInfoSchema, newOwner: addressInfoSchema }),
  z.object({ type: z.literal('CHANGE_THRESHOLD'), threshold: z.number().int() }),
  z.object({ type: z.literal('CHANGE_MASTER_COPY'), implementation: addressInfoSchema }),
  z.object({ type: z.literal('CHANGE_IMPLEMENTATION'), implementation: addressInfoSchema }),
  z.object({ type: z.literal('ENABLE_MODULE'), module: addressInfoSchema }),
  z.object({ type: z.literal('DISABLE_MODULE'), module: addressInfoSchema }),
  z.object({ type: z.literal('SET_FALLBACK_HANDLER'), handler: addressInfoSchema }),
  z.object({ type: z.literal('SET_GUARD'), guard: addressInfoSchema }),
  z.object({ type: z.literal('DELETE_GUARD') }),
  z.object({ type: z.literal('SET_MODULE_GUARD'), moduleGuard: addressInfoSchema }),
  z.object({ type: z.literal('DELETE_MODULE_GUARD') }),
]);
export type SettingsInfo = z.infer<typeof settingsInfoSchema>;

const humanDescription = { humanDescription: z.string().nullable().optional() };

export const transferTxInfoSchema = z.object({
  type: z.literal('Transfer'),
  sender: addressInfoSchema,
  recipient: addressInfoSchema,
  direction: transferDirectionSchema,
  transferInfo: transferInfoSchema,
  ...humanDescription,
});
export const settingsChangeTxInfoSchema = z.object({
  type: z.literal('SettingsChange'),
  dataDecoded: dataDecodedSchema,
  settingsInfo: settingsInfoSchema.nullable(),
  ...humanDescription,
});
export const customTxInfoSchema = z.object({
  type: z.literal('Custom'),
  to: addressInfoSchema,
  dataSize: z.string(),
  value: z.string().nullable(),
  isCancellation: z.boolean(),
  methodName: z.string().nullable(),
  actionCount: z.number().int().optional(),
  ...humanDescription,
});
export const creationTxInfoSchema = z.object({
  type: z.literal('Creation'),
  creator: addressInfoSchema,
  transactionHash: hexSchema,
  implementation: addressInfoSchema.nullable(),
  factory: addressInfoSchema.nullable(),
  saltNonce: z.string().nullable(),
  ...humanDescription,
});

export const txInfoSchema = z.discriminatedUnion('type', [
  transferTxInfoSchema,
  settingsChangeTxInfoSchema,
  customTxInfoSchema,
  creationTxInfoSchema,
]);
export type TxInfo = z.infer<typeof txInfoSchema>;

export const executionInfoSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('MULTISIG'),
    nonce: z.number().int().nonnegative(),
    confirmationsRequired: z.number().int().nonnegative(),
    confirmationsSubmitted: z.number().int().nonnegative(),
    missingSigners: z.array(addressInfoSchema).nullable().optional(),
  }),
  z.object({ type: z.literal('MODULE'), address: addressInfoSchema }),
]);

export const safeAppInfoSchema = z.object({
  name: z.string(),
  url: z.string(),
  logoUri: z.string().nullable(),
});

export const transactionSummarySchema = z.object({
  id: z.string(),
  timestamp: z.number().int(),
  txStatus: txStatusSchema,
  txInfo: txInfoSchema,
  executionInfo: executionInfoSchema.nullable(),
  safeAppInfo: safeAppInfoSchema.nullable(),
  txHash: hexSchema.nullable().optional(),
  note: z.string().nullable().optional(),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

export const transactionItemSchema = z.object({
  type: z.literal('TRANSACTION'),
  transaction: transactionSummarySchema,
  conflictType: conflictTypeSchema,
});
export const dateLabelItemSchema = z.object({ type: z.literal('DATE_LABEL'), timestamp: z.number().int() });
export const labelItemSchema = z.object({ type: z.literal('LABEL'), label: z.enum(['Next', 'Queued']) });
export const conflictHeaderItemSchema = z.object({
  type: z.literal('CONFLICT_HEADER'),
  nonce: z.number().int(),
});

export const transactionListItemSchema = z.discriminatedUnion('type', [
  transactionItemSchema,
  dateLabelItemSchema,
  labelItemSchema,
  conflictHeaderItemSchema,
]);
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

export const transactionDataSchema = z.object({
  hexData: hexSchema.nullable(),
  dataDecoded: dataDecodedSchema.nullable(),
  to: addressInfoSchema,
  value: z.string().nullable(),
  operation: operationSchema,
  trustedDelegateCallTarget: z.boolean().nullable().optional(),
  addressInfoIndex: z.record(z.string(), addressInfoSchema).nullable().optional(),
});

export type TransactionData = z.infer<typeof transactionDataSchema>;

export const multisigExecutionDetailsSchema = z.object({
  type: z.literal('MULTISIG'),
  submittedAt: z.number().int(),
  nonce: z.number().int().nonnegative(),
  safeTxGas: z.string(),
  baseGas: z.string(),
  gasPrice: z.string(),
  gasToken: addressSchema,
  refundReceiver: addressInfoSchema,
  safeTxHash: hexSchema,
  executor: addressInfoSchema.nullable(),
  signers: z.array(addressInfoSchema),
  confirmationsRequired: z.number().int().nonnegative(),
  confirmations: z.array(
    z.object({ signer: addressInfoSchema, signature: hexSchema.nullable(), submittedAt: z.number().int() }),
  ),
  rejectors: z.array(addressInfoSchema),
  gasTokenInfo: z.unknown().nullable(),
  trusted: z.boolean(),
  proposer: addressInfoSchema.nullable().optional(),
  proposedByDelegate: addressInfoSchema.nullable().optional(),
});

export const transactionDetailsSchema = z.object({
  safeAddress: addressSchema,
  txId: z.string(),
  executedAt: z.number().int().nullable(),
  txStatus: txStatusSchema,
  txInfo: txInfoSchema,
  txData: transactionDataSchema.nullable(),
  detailedExecutionInfo: z
    .discriminatedUnion('type', [
      multisigExecutionDetailsSchema,
      z.object({ type: z.literal('MODULE'), address: addressInfoSchema }),
    ])
    .nullable(),
  txHash: hexSchema.nullable(),
  safeAppInfo: safeAppInfoSchema.nullable(),
  note: z.string().nullable().optional(),
});
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;
