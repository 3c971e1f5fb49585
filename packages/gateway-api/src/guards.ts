import type { UnreadableItem } from './schemas/lenient';
import type { MessageItem, SafeMessageListEntry } from './schemas/messages';
import type {
  ConflictHeaderItem,
  CreationTxInfo,
  CustomTxInfo,
  DateLabelItem,
  DetailedExecutionInfo,
  ExecutionInfo,
  LabelItem,
  ModuleExecutionDetails,
  MultisigExecutionDetails,
  SettingsChangeTxInfo,
  TransactionItem,
  TransactionListEntry,
  TransferInfo,
  TransferTxInfo,
  TxInfo,
  UnknownTxInfo,
} from './schemas/transactions';

/** Typed tests for the unions the gateway answers with, for the UI to branch on. */

type ListEntry = TransactionListEntry | SafeMessageListEntry;

export const isTransactionItem = (item: TransactionListEntry): item is TransactionItem =>
  item.type === 'TRANSACTION';
export const isDateLabel = (item: ListEntry): item is DateLabelItem => item.type === 'DATE_LABEL';
export const isLabel = (item: TransactionListEntry): item is LabelItem => item.type === 'LABEL';
export const isConflictHeader = (item: TransactionListEntry): item is ConflictHeaderItem =>
  item.type === 'CONFLICT_HEADER';
export const isMessageItem = (item: SafeMessageListEntry): item is MessageItem => item.type === 'MESSAGE';
/** An item of a list page the client could not read (see lenient.ts). */
export const isUnreadable = (item: ListEntry): item is UnreadableItem => item.type === 'UNREADABLE';

export const isTransferTxInfo = (info: TxInfo): info is TransferTxInfo => info.type === 'Transfer';
export const isSettingsChangeTxInfo = (info: TxInfo): info is SettingsChangeTxInfo =>
  info.type === 'SettingsChange';
export const isCustomTxInfo = (info: TxInfo): info is CustomTxInfo => info.type === 'Custom';
/** A Custom call to MultiSend: a batch of `actionCount` calls. */
export const isMultiSendTxInfo = (info: TxInfo): info is CustomTxInfo & { actionCount: number } =>
  info.type === 'Custom' && info.methodName === 'multiSend' && typeof info.actionCount === 'number';
export const isCreationTxInfo = (info: TxInfo): info is CreationTxInfo => info.type === 'Creation';
/** A kind of transaction this client does not know (swaps, staking, vaults, bridges, …). */
export const isUnknownTxInfo = (info: TxInfo): info is UnknownTxInfo => info.type === 'Unknown';

export const isNativeCoinTransfer = (
  info: TransferInfo,
): info is Extract<TransferInfo, { type: 'NATIVE_COIN' }> => info.type === 'NATIVE_COIN';
export const isErc20Transfer = (info: TransferInfo): info is Extract<TransferInfo, { type: 'ERC20' }> =>
  info.type === 'ERC20';
export const isErc721Transfer = (info: TransferInfo): info is Extract<TransferInfo, { type: 'ERC721' }> =>
  info.type === 'ERC721';

export const isMultisigExecutionInfo = (
  info: ExecutionInfo,
): info is Extract<NonNullable<ExecutionInfo>, { type: 'MULTISIG' }> => info?.type === 'MULTISIG';
export const isModuleExecutionInfo = (
  info: ExecutionInfo,
): info is Extract<NonNullable<ExecutionInfo>, { type: 'MODULE' }> => info?.type === 'MODULE';

export const isMultisigDetailedExecutionInfo = (
  info: DetailedExecutionInfo,
): info is MultisigExecutionDetails => info?.type === 'MULTISIG';
export const isModuleDetailedExecutionInfo = (info: DetailedExecutionInfo): info is ModuleExecutionDetails =>
  info?.type === 'MODULE';
