import { useState } from 'react';
import { appQueryClient } from '../lib/queryClient';
import { RouterProvider } from 'react-router/dom';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { RuntimeConfig } from '../lib/config';
import { AppErrorBoundary } from './ErrorBoundary';
import { createAppPersistOptions } from './queryClient';
import { router } from './router';

export function App({ config }: { config: RuntimeConfig }) {
  const [persistOptions] = useState(() => createAppPersistOptions(config.gatewayUrl));
  return (
    <AppErrorBoundary>
      <PersistQueryClientProvider client={appQueryClient} persistOptions={persistOptions}>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </AppErrorBoundary>
  );
}
