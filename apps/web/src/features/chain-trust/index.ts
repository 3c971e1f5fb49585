// Where the chain's facts come from: the RPC each chain is read through (the owner's, the
// operator's, the gateway's), the owner's choice in Settings, and the notices every Safe page shows
// where the sources, or the gateway and the chain, disagree.
export { ChainTrustNotices } from './ChainTrustNotices';
export { OwnerRpcSettings } from './OwnerRpcSettings';
export { SafeStateDisagreements } from './SafeStateDisagreements';
