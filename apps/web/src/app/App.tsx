import { RouterProvider } from 'react-router/dom';
import type { AppServices } from '../lib/services';
import { ServicesProvider } from '../lib/ServicesProvider';
import { AppErrorBoundary } from './ErrorBoundary';
import type { AppRouter } from './router';

/** The app: its services (the query client restored and persisted by main.tsx) and its router. */
export function App({ router, services }: { router: AppRouter; services: AppServices }) {
  return (
    <AppErrorBoundary>
      <ServicesProvider services={services}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </AppErrorBoundary>
  );
}
