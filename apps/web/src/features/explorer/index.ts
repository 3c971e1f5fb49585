import type { RouteObject } from 'react-router';
import { NotFoundInExplorer } from './NotFoundInExplorer';

// The routes import both pages from one module, so the explorer loads as one chunk, apart from the Safe pages.
const loadPages = () => import('./explorerPages');

/**
 * The local devnet's block explorer: the devnet's chain configuration points its explorer links
 * here. Any other /explorer path is not found, rather than read as a Safe id.
 */
export const explorerRoutes: RouteObject[] = [
  {
    path: 'explorer/address/:address',
    lazy: async () => ({ Component: (await loadPages()).ExplorerAddressRoute }),
  },
  { path: 'explorer/tx/:txHash', lazy: async () => ({ Component: (await loadPages()).ExplorerTxRoute }) },
  // Any other devnet chain's pages carry its id (DEVNET_SECOND_CHAIN's explorer links).
  {
    path: 'explorer/:chainId/address/:address',
    lazy: async () => ({ Component: (await loadPages()).ExplorerAddressRoute }),
  },
  {
    path: 'explorer/:chainId/tx/:txHash',
    lazy: async () => ({ Component: (await loadPages()).ExplorerTxRoute }),
  },
  { path: 'explorer/*', Component: NotFoundInExplorer },
];
