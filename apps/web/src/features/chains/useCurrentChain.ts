import { useMatches, type Params, type UIMatch } from 'react-router';
import { findChainByShortName } from './selectedChain';
import { useSelectedChain } from './selection';

/**
 * What a route that belongs to one chain (a Safe's pages) tells the app shell through its route
 * `handle`, so the chain selector and the wrong-network banner follow it without the chains feature
 * knowing the route's shape.
 */
export type ChainRouteHandle = {
  /** The chain short name the URL names, if any. */
  chainShortName: (params: Params) => string | undefined;
  /** The same page on another chain (Safes often share an address across chains). */
  pathOnChain: (params: Params, location: { pathname: string; search: string }, shortName: string) => string;
};

function chainHandleOf(match: UIMatch): ChainRouteHandle | undefined {
  const handle = match.handle as { chainRoute?: ChainRouteHandle } | undefined;
  return handle?.chainRoute;
}

/** The deepest matched route that belongs to a chain, with its params. */
export function useChainRoute(): { handle: ChainRouteHandle; params: Params } | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = chainHandleOf(match);
    if (handle) return { handle, params: match.params };
  }
  return undefined;
}

/**
 * The chain the app is on: on a Safe's pages that Safe's chain, elsewhere the chosen one. The wallet
 * is expected to be on this chain.
 */
export function useCurrentChain() {
  const { query, chains, chain: selected, withoutGateway } = useSelectedChain();
  const route = useChainRoute();
  const shortName = route?.handle.chainShortName(route.params);
  const routeChain = chains && shortName !== undefined ? findChainByShortName(chains, shortName) : undefined;
  return { query, chains, current: routeChain ?? selected, route, withoutGateway };
}
