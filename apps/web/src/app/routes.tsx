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
 *   /                           open a Safe
 *   /explorer/address/:address  the local devnet's block explorer: an address, and a transaction;
 *   /explorer/tx/:txHash        the devnet's chain config points its explorer links here. Any other
 *                               /explorer path is not found, rather than read as a Safe id
 *   /:safeId/home               a Safe's overview; safeId is shortName:0x… (e.g. /eth:0xA063…/home)
 *   /:safeId                    redirects to /:safeId/home
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
            path: 'explorer/address/:address',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/explorer/explorerPages')).ExplorerAddressRoute,
            }),
          },
          {
            path: 'explorer/tx/:txHash',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../features/explorer/explorerPages')).ExplorerTxRoute,
            }),
          },
          { path: 'explorer/*', Component: NotFound },
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
