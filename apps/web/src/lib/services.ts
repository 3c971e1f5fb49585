import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router';
import { createGatewayClient, type GatewayClient } from '@countersign/gateway-api';
import type { RuntimeConfig } from './config';
import { createAppQueryClient } from './queryClient';

/**
 * What the app's code is given rather than imports: one set per app in the browser, one per request
 * on the web server, so concurrent server renders share no cache, client or configuration.
 */
export type AppServices = { config: RuntimeConfig; gateway: GatewayClient; queryClient: QueryClient };

/** `fetch`: how the gateway is asked (the web server's renders say for whom they ask). */
export function createAppServices(
  config: RuntimeConfig,
  options: { fetch?: typeof fetch } = {},
): AppServices {
  return {
    config,
    gateway: createGatewayClient({ baseUrl: config.gatewayUrl, fetch: options.fetch }),
    queryClient: createAppQueryClient(),
  };
}

const servicesKey = createContext<AppServices>();

/**
 * The router's context carrying the services to route loaders: createBrowserRouter's `getContext`,
 * createStaticHandler().query's `requestContext`.
 */
export function servicesRouterContext(services: AppServices): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesKey, services);
  return context;
}

/** The services a route loader was given (its `context` argument). */
export function loaderServices(context: unknown): AppServices {
  if (!(context instanceof RouterContextProvider))
    throw new Error('Route loaders need the app services in the router context (servicesRouterContext).');
  return context.get(servicesKey);
}
