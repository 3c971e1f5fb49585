import { useMatch } from 'react-router';
import { SAFE_HOME_ROUTE, splitSafeId } from '../safe/safePath';
import { findChainByShortName } from './selectedChain';
import { useSelectedChain } from './useChains';

/**
 * The chain the app is on: on a Safe's page that Safe's chain, elsewhere the chosen one. The wallet
 * is expected to be on this chain.
 */
export function useCurrentChain() {
  const { query, chains, chain: selected } = useSelectedChain();
  const safeMatch = useMatch(SAFE_HOME_ROUTE);
  const routeSafe = safeMatch ? splitSafeId(safeMatch.params.safeId ?? '') : undefined;
  const routeChain =
    chains && routeSafe?.shortName !== undefined
      ? findChainByShortName(chains, routeSafe.shortName)
      : undefined;
  return { query, chains, current: routeChain ?? selected, routeSafe };
}
