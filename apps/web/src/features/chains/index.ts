// The chains feature: what the gateway serves, the chosen chain, and the chain of the page on screen.
export { ChainSelector } from './ChainSelector';
export { chainExplorer, explorerAddressUrl, explorerTxUrl } from './explorer';
export { fetchAllChains } from './fetchAllChains';
export { chainByShortName, chainKeys, chainsQueryOptions, useChain, useChains } from './queries';
export { findChainByShortName, pickChain, unknownShortNameMessage } from './selectedChain';
export { rememberChainId, useSelectedChain } from './selection';
export { useChainRoute, useCurrentChain, type ChainRouteHandle } from './useCurrentChain';
export { rpcUrlOf } from './rpc';
export { seedChainsFromPage } from './pageChains';
