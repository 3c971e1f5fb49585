import { QueryClient } from '@tanstack/react-query';

/** How long fetched data is kept, in memory and in the persisted cache: a day. */
export const CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_MAX_AGE_MS,
        // A failed request is shown at once with a Retry button rather than retried behind the user.
        retry: false,
        // A self-hosted gateway on localhost answers even when the browser thinks it is offline;
        // and a gateway that does not answer must show an error, not wait forever.
        networkMode: 'always',
      },
    },
  });
}
