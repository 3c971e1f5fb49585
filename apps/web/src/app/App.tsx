import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { RuntimeConfig } from '../lib/config';
import { AppErrorBoundary } from './ErrorBoundary';
import { createAppPersistOptions, createAppQueryClient } from './queryClient';
import { router } from './router';

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createAppQueryClient);
  const [persistOptions] = useState(() => createAppPersistOptions(config.gatewayUrl));
  return (
    <AppErrorBoundary>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </AppErrorBoundary>
  );
}
