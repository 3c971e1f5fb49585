import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { appQueryClient } from '../lib/queryClient';
import { AppErrorBoundary } from './ErrorBoundary';
import type { AppRouter } from './router';

/** The app: its query client (restored and persisted by main.tsx) and its router. */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={appQueryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
