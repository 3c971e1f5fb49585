import { useCallback, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Balances } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { KnownAddressNamesProvider } from '../../ui';
import { tokenId } from './balancesView';
import { useFiatCurrency } from './fiatCurrency';
import { useHiddenTokens } from './hiddenTokens';
import { shortLabel } from './imageSource';
import { balancesQueryOptions } from './queries';

/**
 * The names of a Safe's tokens by address (lower case), as its balances give them: the name, else
 * the symbol, cut short and without direction controls. A token the user hid is left unnamed:
 * hiding is how owners put spam away, and a spam token's name is made to mislead.
 */
function tokenNames(balances: Balances | undefined, hidden: ReadonlySet<string>): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of balances?.items ?? []) {
    const name = shortLabel(item.tokenInfo.name || item.tokenInfo.symbol);
    const id = tokenId(item);
    if (item.tokenInfo.type !== 'NATIVE_TOKEN' && name !== '' && !hidden.has(id)) names.set(id, name);
  }
  return names;
}

/**
 * Gives every address below a token's name when neither the user nor the gateway named it. Reads
 * the balances some view loaded (the home page, the assets, the transactions' route loaders) and
 * asks for nothing itself, so a page that shows no token adds no request.
 */
export function TokenNames({
  chainId,
  address,
  children,
}: {
  chainId: string;
  address: string;
  children: ReactNode;
}) {
  const [currency] = useFiatCurrency();
  const { data } = useQuery({
    ...balancesQueryOptions(useGateway(), chainId, address, currency),
    enabled: false,
  });
  const { hidden } = useHiddenTokens(chainId, address);
  const names = useMemo(() => tokenNames(data, hidden), [data, hidden]);
  const lookup = useCallback((value: string) => names.get(value.toLowerCase()), [names]);
  return <KnownAddressNamesProvider lookup={lookup}>{children}</KnownAddressNamesProvider>;
}
