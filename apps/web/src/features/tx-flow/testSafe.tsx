import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SafeInfo } from '@countersign/gateway-api';
import { devnetChain, teamSafe, teamSafeAddress } from '../../testing';
import { safePaths, type SafeContextValue } from '../safe';

/**
 * What useSafe() answers in the tx-flow component tests; each test file mocks the safe feature with
 * it: `vi.mock('../../safe', async (load) => ({ ...(await load()), useSafe: () => testSafe.value }))`.
 */
export const testSafe: { value: SafeContextValue } = {
  value: {
    chain: devnetChain,
    address: teamSafeAddress,
    safeId: `local:${teamSafeAddress}`,
    safe: teamSafe,
    query: { isError: false, error: null, refetch: () => undefined },
    paths: safePaths('local', teamSafeAddress),
  },
};

/** Renders a form of a Safe's flow with the query cache seeded (`seed` runs before the first render). */
export function renderSafeForm(
  element: ReactNode,
  {
    seed,
    safe = teamSafe,
    path = '/',
    route = '*',
  }: { seed?: (client: QueryClient) => void; safe?: SafeInfo; path?: string; route?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  seed?.(queryClient);
  testSafe.value = { ...testSafe.value, safe };
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
