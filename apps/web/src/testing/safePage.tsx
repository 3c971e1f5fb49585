import type { ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import type { ChainInfo, SafeInfo } from '@countersign/gateway-api';
import { SafeContext, safePaths, type SafeContextValue } from '../features/safe';
import { devnetChain, teamSafe, teamSafeAddress } from './fixtures';
import { renderRoutes, type RenderServices } from './render';

/** The Safe a page under test is on, as the Safe layout route gives it: the team Safe on the devnet. */
export const testSafe: SafeContextValue = {
  chain: devnetChain,
  address: teamSafeAddress,
  safeId: `local:${teamSafeAddress}`,
  safe: teamSafe,
  gatewaySafe: teamSafe,
  query: { isError: false, error: null, refetch: () => undefined },
  paths: safePaths('local', teamSafeAddress),
};

/**
 * Renders a page of a Safe (testSafe, with `safe` as its SafeInfo and `chain` as its chain) at `path`, with the query cache
 * seeded (`seed` fills it before the first render, so nothing is fetched) and the given gateway.
 */
export function renderSafePage(
  element: ReactNode,
  {
    path = '/',
    route = '*',
    seed,
    safe = teamSafe,
    chain = devnetChain,
    gateway,
    signer,
  }: {
    path?: string;
    route?: string;
    seed?: (client: QueryClient) => void;
    safe?: SafeInfo;
    chain?: ChainInfo;
  } & Pick<RenderServices, 'gateway' | 'signer'> = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  seed?.(queryClient);
  return renderRoutes(
    [
      {
        path: route,
        element: (
          <SafeContext.Provider value={{ ...testSafe, safe, gatewaySafe: safe, chain }}>
            {element}
          </SafeContext.Provider>
        ),
      },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    path,
    { queryClient, gateway, signer },
  );
}
