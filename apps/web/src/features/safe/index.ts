// The Safe kernel, below every feature: the Safe context (useSafe), its paths, ids and loaders, its
// queries and key hierarchy, the chain's view of it and who signs, My Safes, and the Safe data other
// features read (queue, history, a transaction, delegates). The frame around it is app/shell's.
export type { SafeNavItem, SafeTarget } from './navigation';
export {
  formatSafeId,
  safeHomePath,
  safePaths,
  settingsSections,
  splitSafeId,
  type SafePaths,
  type SettingsSection,
} from './paths';
export { safeLayoutLoader, safeViewLoader } from './loaders';
export {
  TAG_GOVERNED_STALE_MS,
  invalidateSafe,
  invalidateSafeViews,
  rememberRestoredSafeInfo,
  safeInfoQueryOptions,
  safeKey,
  useSafeInfoQuery,
  useTagInvalidation,
} from './queries';
export { SafeContext, useOptionalSafe, useSafe, type SafeContextValue } from './SafeContext';
export { parseSafeId } from './safeId';
export { openSafeTarget, resolveSafeInput } from './safeInput';
export {
  recommendedNonce,
  withChainTruth,
  safeInfoFromChain,
  type ChainSafeState,
  type SafeInfoDisagreement,
} from './chainState';
export {
  chainSafeStateQueryOptions,
  delegatesQueryOptions,
  useChainSafeState,
  useDelegates,
  useSigner,
  type Signer,
} from './signer';
export { OwnerStateBadge, ownerStateOf, type OwnerState } from './ownerState';
export {
  recommendedSafeVersion,
  safeVersionSummaries,
  thresholdLabel,
  versionStateLabel,
} from './safeFormat';
export {
  MY_SAFES_STORAGE_KEY,
  MY_SAFE_NAME_MAX,
  addMySafe,
  isMySafe,
  parseMySafes,
  safeAccess,
  readMySafes,
  removeMySafe,
  useMySafes,
  type MySafe,
} from './mySafes';
export {
  historyQueryOptions,
  prefetchQueue,
  queueQueryOptions,
  transactionQueryOptions,
  useHistoryQuery,
  useQueueQuery,
  useTransactionQuery,
} from './transactionQueries';
export { signSafeMessage } from './signSafeMessage';
export {
  checkSharedSignatures,
  mergeSignatures,
  type CheckedSignatures,
  type SharedSignature,
} from './sharedSignatures';
export { SharedSignatureList } from './SharedSignatureList';
export { ShareLinkAndFile } from './ShareLinkAndFile';
