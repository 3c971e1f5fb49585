import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { servicesRouterContext, type AppServices } from '../lib/services';
import { ServicesProvider } from '../lib/ServicesProvider';
import { linkedWallet, SignerProvider, type SignerService } from '../features/wallet';
import { testServices } from './services';

/**
 * What a test renders with: a gateway (a fake or the real local one), or all of the app's services,
 * and the signer (a fake one; the browser wallet, which a test cannot link, when none is given).
 */
export type RenderServices = Partial<AppServices> & { signer?: SignerService };

/**
 * Renders `routes` at `path` in a memory router with the app's services (a fresh query client; the
 * given gateway, else a fake that answers nothing), given to components and loaders as the app does.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  { signer = linkedWallet, ...given }: RenderServices = {},
) {
  const services = testServices(given);
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    getContext: () => servicesRouterContext(services),
  });
  const result = render(
    <ServicesProvider services={services}>
      <SignerProvider signer={signer}>
        <RouterProvider router={router} />
      </SignerProvider>
    </ServicesProvider>,
  );
  return { ...result, router, queryClient: services.queryClient, gateway: services.gateway };
}

/** Renders one element at `/` (for components that use links). */
export function renderWithRouter(element: ReactNode, path = '/', given: RenderServices = {}) {
  return renderRoutes([{ path: '*', element }], path, given);
}

/** A wrapper for testing-library's render (it keeps it across rerenders): the app's services, no router. */
export function servicesWrapper({ signer = linkedWallet, ...given }: RenderServices = {}) {
  const services = testServices(given);
  return function Services({ children }: { children: ReactNode }) {
    return (
      <ServicesProvider services={services}>
        <SignerProvider signer={signer}>{children}</SignerProvider>
      </ServicesProvider>
    );
  };
}
