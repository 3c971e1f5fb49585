import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SafeInfo } from '@countersign/gateway-api';
import { devnetChain, teamSafe, teamSafeAddress } from '../../testing';
import { safePaths, type SafeContextValue } from '../safe';

export const paths = safePaths('local', teamSafeAddress);

/**
 * What useSafe() answers in this feature's component tests; each test file mocks '../safe' with it:
 * `vi.mock('../safe', async (load) => ({ ...(await load()), useSafe: () => testSafe.value }))`.
 */
export const testSafe: { value: SafeContextValue } = {
  value: {
    chain: devnetChain,
    address: teamSafeAddress,
    safeId: `local:${teamSafeAddress}`,
    safe: teamSafe,
    query: { isError: false, error: null, refetch: () => undefined },
    paths,
  },
};

/**
 * Renders a page of this feature on a Safe (see testSafe), with the query cache seeded (`seed`
 * fills it before the first render, so nothing is fetched).
 */
export function renderSafePage(
  element: ReactNode,
  {
    path,
    route = '*',
    seed,
    safe = teamSafe,
  }: { path: string; route?: string; seed?: (client: QueryClient) => void; safe?: SafeInfo },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  seed?.(queryClient);
  testSafe.value = { ...testSafe.value, safe };
  const router = createMemoryRouter(
    [
      {
        path: route,
        element,
      },
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
