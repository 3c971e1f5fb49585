import { Navigate, type RouteObject } from 'react-router';
import { Loading } from './ErrorAlert';
import { Layout } from './Layout';
import { NotFound, RouteError } from './RouteError';

function PageLoading() {
  return <Loading label="Loading…" />;
}

/**
 * Routes. Pages are lazy so the first JavaScript holds only the shell; each page's HydrateFallback
 * keeps the header on screen while its code loads.
 *   /                 open a Safe
 *   /:safeId/home     a Safe's overview; safeId is shortName:0x… (e.g. /eth:0xA063…/home)
 *   /:safeId          redirects to /:safeId/home
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors inside a page render here, inside the layout.
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../features/safe/HomeRoute')).HomeRoute }),
          },
          {
            path: ':safeId/home',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/safe/SafeOverviewRoute')).SafeOverviewRoute,
            }),
          },
          { path: ':safeId', element: <Navigate to="home" replace /> },
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];
