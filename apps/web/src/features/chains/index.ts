// The chains feature: what the gateway serves, the chosen chain, and the chain of the page on screen.
export { ChainSelector } from './ChainSelector';
export { chainExplorer } from './explorer';
export { chainByShortName, useChain, useChains } from './queries';
export { chainKeys } from './keys';
export { findChainByShortName, unknownShortNameMessage } from './selectedChain';
export { rememberChainId, useSelectedChain } from './selection';
export { useCurrentChain, type ChainRouteHandle } from './useCurrentChain';
export { rpcUrlOf } from '../../lib/rpcSources';
export { ChainReadError, rpcRequest } from '../../lib/rpcRequest';
export { seedChainsFromPage } from './pageChains';
export { setConfiguredChains } from './configuredChains';
