// The Safe feature: resolving a Safe from the URL, its frame and navigation, and useSafe() for pages.
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
export { safeViewLoader } from './loaders';
export { PlaceholderPage } from './PlaceholderPage';
export {
  SAFE_INFO_POLL_MS,
  TAG_GOVERNED_STALE_MS,
  invalidateSafe,
  invalidateSafeViews,
  safeInfoQueryOptions,
  safeKey,
  tagViews,
  useSafeInfoQuery,
  type SafeView,
} from './queries';
export { SafeContext, useOptionalSafe, useSafe, type SafeContextValue } from './SafeContext';
export { parseSafeId } from './safeId';
export {
  compareSafeInfo,
  recommendedNonce,
  type ChainSafeState,
  type SafeInfoDisagreement,
} from './chainState';
export {
  chainClient,
  chainSafeStateQueryOptions,
  delegatesQueryOptions,
  useChainSafeState,
  useDelegates,
  useSigner,
  type Signer,
} from './signer';
export { tagDate, thresholdLabel, versionStateLabel } from './safeFormat';
export { createSafeRoute, legacyRoutes, loadStartPage, startRoute } from './routes';
export { legacyLinkPaths } from './legacyLinks';
export {
  addMySafe,
  removeMySafe,
  useMySafes,
  type AddMySafeResult,
  type MySafe,
  type NewMySafe,
} from './mySafes';
