import { createBrowserRouter } from 'react-router';
import { servicesRouterContext, type AppServices } from '../lib/services';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router: history in the address bar, routes from ./routes, the app's services in the
 * loaders' context. Created once the saved cache is restored: its first route loaders run at once
 * and look in the cache before asking the gateway.
 */
export const createAppRouter = (services: AppServices): AppRouter =>
  createBrowserRouter(routes, { getContext: () => servicesRouterContext(services) });

/** Resolves once the router has matched its first location and run its loaders (and lazy routes). */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
