import { Navigate, type RouteObject } from 'react-router';
import type { ChainRouteHandle } from '../../features/chains';
import type { SafeNavItem } from '../../features/safe';
import { splitSafeId, safeLayoutLoader } from '../../features/safe';
import { SafeLayout } from './SafeLayout';

/** Tells the chain selector and the wrong-network banner which chain a Safe's page is on. */
const chainRoute: ChainRouteHandle = {
  chainShortName: (params) => splitSafeId(params.safeId ?? '').shortName,
  pathOnChain: (params, location, shortName) => {
    const address = splitSafeId(params.safeId ?? '').addressPart;
    const view = location.pathname.split('/').slice(2).join('/') || 'home';
    // A transaction, a message or a collectible belongs to one chain: on another chain, its list.
    const general = view
      .replace(/^(transactions)\/(?!queue$|history$).+$/, '$1/history')
      .replace(/^messages\/.+$/, 'messages')
      .replace(/^assets\/collectibles\/.+$/, 'assets/collectibles');
    return `/${encodeURIComponent(shortName)}:${address}/${general}`;
  },
};

export const loadStartPage = () => import('./StartPage');

/** The start page (`/`): open a Safe by address. */
export const startRoute: RouteObject = {
  index: true,
  lazy: async () => ({ Component: (await loadStartPage()).StartPage }),
};

/**
 * Safe{Wallet} URLs (`/balances?safe=eth:0x…`), each redirected to Countersign's own. The first
 * segments Safe{Wallet} uses are routed here; which of their paths Countersign understands, and
 * where each goes, is legacyLinks.ts's (loaded only when such a link is opened).
 */
const legacyRoots = [
  'home',
  'balances/*',
  'transactions/*',
  // Spelled out: `/:safeId/messages` would otherwise outrank `transactions/*` for this one.
  'transactions/messages',
  'apps/*',
  'settings/*',
  'address-book',
];
export const legacyRoutes: RouteObject[] = legacyRoots.map((path) => ({
  path,
  lazy: async () => ({ Component: (await import('./LegacyRedirect')).LegacyRedirect }),
}));

/**
 * `/:safeId/*`: the Safe layout route. `views` are the Safe's pages (each feature's routes);
 * `navigation` is the sidebar built from them.
 */
export function createSafeRoute(views: RouteObject[], navigation: SafeNavItem[]): RouteObject {
  return {
    path: ':safeId',
    element: <SafeLayout navigation={navigation} />,
    loader: safeLayoutLoader,
    handle: { chainRoute },
    children: [{ index: true, element: <Navigate to="home" replace /> }, ...views],
  };
}
