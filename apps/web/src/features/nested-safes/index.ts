// Nested Safes: owners that are Safes themselves, and how such a parent confirms what its child
// Safe does (off chain, a message of the parent made into a contract signature for the child).
export { ownerSafeLabel, ParentSafeSigning } from './ParentSafeSigning';
export {
  childMessage,
  childTransaction,
  parentMessageQueryOptions,
  parentRequest,
  parentSignatures,
} from './parentSigning';
export {
  approvedOnChainQueryOptions,
  ownerSafesQueryOptions,
  safeVersionOnChain,
  type OwnerSafe,
} from './ownerSafes';
export { LockOutCheck } from './LockOutCheck';
export { ownedSafesQueryOptions, readSafeTree, type SafeTreeNode } from './safeTree';
export { NestedSafesSection, OwnerSafeBadge, useOwnerSafes } from './NestedSafesSection';
export { cannotSignWords, signingReachQueryOptions, type Reach } from './signingReach';
