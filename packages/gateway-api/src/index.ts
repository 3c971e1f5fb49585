// First: zod/mini's messages in English before any schema is used (see zodLocale.ts).
import './zodLocale';
export * from './schemas/primitives';
export * from './schemas/lenient';
export * from './schemas/common';
export * from './schemas/chains';
export * from './schemas/safes';
export * from './schemas/transactions';
export * from './schemas/proposals';
export * from './schemas/assets';
export * from './schemas/messages';
export * from './schemas/accounts';
export * from './schemas/auth';
export * from './schemas/dataDecoder';
export * from './errors';
export * from './guards';
export * from './http';
export * from './transactionIds';
export * from './client';
export type { ChainParams, CursorParams, SafeParams } from './resources/common';
export type { GetBalancesParams } from './resources/balances';
export type { CollectiblesFilter } from './resources/collectibles';
export type {
  GetHistoryParams,
  GetQueueParams,
  IncomingTransferFilters,
  ModuleTransactionFilters,
  MultisigTransactionFilters,
} from './resources/transactions';
export type { GetDelegatesParams } from './resources/delegates';
export type { GetSafeAppsParams } from './resources/safeApps';
export { authResource } from './resources/auth';
export { balancesResource } from './resources/balances';
export { chainsResource } from './resources/chains';
export { collectiblesResource } from './resources/collectibles';
export { dataDecoderResource } from './resources/dataDecoder';
export { delegatesResource } from './resources/delegates';
export { messagesResource } from './resources/messages';
export { notificationsResource } from './resources/notifications';
export { ownersResource } from './resources/owners';
export { proposalsResource } from './resources/proposals';
export { safeAppsResource } from './resources/safeApps';
export { safesResource } from './resources/safes';
export { transactionsResource } from './resources/transactions';
