import { useMemo } from 'react';
import { useSafe } from '../safe';
import { balancesView, type BalancesView } from './balancesView';
import { useFiatCurrency } from './fiatCurrency';
import { useHiddenTokens } from './hiddenTokens';
import { useBalancesQuery } from './queries';

/**
 * The open Safe's balances in the chosen currency, as the user sees them: highest value first,
 * hidden tokens apart and out of the total. `query` is the gateway query (for QueryView), `view`
 * what to show once it has data.
 */
export function useBalances() {
  const { chain, address } = useSafe();
  const [currency] = useFiatCurrency();
  const query = useBalancesQuery(chain.chainId, address, currency);
  const { hidden, setHidden } = useHiddenTokens(chain.chainId, address);
  const view: BalancesView | undefined = useMemo(
    () => (query.data === undefined ? undefined : balancesView(query.data, hidden)),
    [query.data, hidden],
  );
  return { query, currency, view, hiddenTokens: hidden, setTokenHidden: setHidden };
}
