/**
 * The web server's renderer (built with `vite build --ssr`, loaded by serve/prerender.ts): a Safe
 * page as HTML, for a browser that keeps no settings of its own (serve/server.ts), so the page
 * shows its data before the app's code has run. The app then renders the same page from the same
 * data and replaces it.
 *
 * Each render has its own services (configuration, gateway client, query cache), given to the
 * components by context and to the route loaders by the router's context: renders run side by side.
 */
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { dehydrate, type Query } from '@tanstack/react-query';
import type { ChainInfo } from '@countersign/gateway-api';
import { chainKeys } from '../features/chains';
import type { RuntimeConfig } from '../lib/config';
import { createAppServices, servicesRouterContext, type AppServices } from '../lib/services';
import { ServicesProvider } from '../lib/ServicesProvider';
import { escapeHtml } from '../lib/dataBlock';
import { TitleSinkProvider, type TitleSink } from '../ui/Page';
import { persistModeOf } from './queryClient';
import { routes } from './routes';
import type { PrerenderedPage } from './prerenderedData';

export type PrerenderRequest = {
  /** The page's full URL, as the browser asked for it. */
  url: string;
  config: RuntimeConfig;
  /** The gateway's chains as the server last read them (the page brings them too). */
  chains: ChainInfo[];
  chainsReadAt: number;
  /** Date.now() past which the page is sent without a render: the app renders it as it starts. */
  deadline: number;
  /**
   * X-Forwarded-For for the gateway's requests: the visitor the page is for, so that a gateway
   * trusting this server as a proxy counts them against the visitor (serve/forwardedFor.ts).
   */
  forwardedFor?: string;
};

/** Renders in a row: a component may ask for data a first render showed it needs. */
const MAX_RENDERS = 4;

/** The routes' static handler: it holds no request's state, so one serves every render. */
const handler = createStaticHandler(routes);

/**
 * The page's markup and data, or undefined when it is not one to render here: not a page of the
 * app's own (a redirect, an error), data that did not all arrive in time or arrived as an error
 * (the app shows those states itself, with Retry), or the deadline passed.
 */
export async function prerenderPage(
  request: PrerenderRequest,
  // Its own for every render; a test may give one with a fake gateway.
  services: AppServices = createAppServices(request.config, { fetch: askingFor(request.forwardedFor) }),
): Promise<PrerenderedPage | undefined> {
  const { queryClient } = services;
  try {
    return await renderPage(request, services);
  } finally {
    // Answers still on their way (past the deadline) go nowhere.
    void queryClient.cancelQueries();
    queryClient.clear();
  }
}

/** A fetch that names the visitor to the gateway; the plain one when there is no one to name. */
function askingFor(forwardedFor: string | undefined): typeof fetch | undefined {
  if (forwardedFor === undefined) return undefined;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('X-Forwarded-For', forwardedFor);
    return fetch(input, { ...init, headers });
  };
}

/**
 * Readies the renderer as the server starts: every view's code loaded, and one page (the start
 * page, which needs no Safe) rendered, so a first visit does not wait for that.
 */
export async function warmUp(config: RuntimeConfig): Promise<void> {
  const lazyRoutes = (list: RouteObject[]): RouteObject[] =>
    list.flatMap((route) => [route, ...lazyRoutes(route.children ?? [])]);
  await Promise.allSettled(
    lazyRoutes(routes).map((route) => (typeof route.lazy === 'function' ? route.lazy() : undefined)),
  );
  await prerenderPage({
    url: 'http://localhost/',
    config,
    chains: [],
    chainsReadAt: 0,
    deadline: Date.now() + 10_000,
  });
}

async function renderPage(
  request: PrerenderRequest,
  services: AppServices,
): Promise<PrerenderedPage | undefined> {
  const { queryClient } = services;
  try {
    if (Date.now() >= request.deadline) return undefined;
    // The chains as the page brings them; each chain's configuration is the same answer (the app
    // shows it from the list too while it asks the gateway for the chain alone).
    const chainData = { updatedAt: request.chainsReadAt };
    queryClient.setQueryData(chainKeys.all, request.chains, chainData);
    for (const chain of request.chains)
      queryClient.setQueryData(chainKeys.one(chain.chainId), chain, chainData);
    const context = await handler.query(new Request(request.url), {
      requestContext: servicesRouterContext(services),
    });
    if (context instanceof Response || context.errors || context.statusCode !== 200) return undefined;
    const router = createStaticRouter(handler.dataRoutes, context);
    let title: TitleSink = {};
    const render = () => {
      title = {};
      return renderToString(
        <TitleSinkProvider sink={title}>
          <ServicesProvider services={services}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ServicesProvider>
        </TitleSinkProvider>,
      );
    };

    // Before the first render, the answers the loaders asked for; before each next one, those the
    // render before asked for (a view that needs the SafeInfo before its own data asks in two steps).
    let html: string | undefined;
    for (let renders = 0; renders < MAX_RENDERS; renders++) {
      const waiting = queryClient.getQueryCache().getAll().filter(isWaiting);
      if (html !== undefined && waiting.length === 0) break;
      const fetched = Promise.allSettled(waiting.map((query) => query.fetch()));
      if (!(await settledBefore(fetched, request.deadline))) return undefined;
      html = render();
    }
    if (html === undefined) return undefined;
    const queries = queryClient.getQueryCache().getAll();
    if (queries.some((query) => query.state.status === 'error' || isWaiting(query))) return undefined;

    // React puts its image preloads first: they belong in the page's <head>, with its title.
    const preloads = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
    return {
      head: (title.title === undefined ? '' : `<title>${escapeHtml(title.title)}</title>`) + preloads,
      html: html.slice(preloads.length),
      data: dehydrate(queryClient, {
        // What the app keeps in its saved cache is JSON by design; the chains come in their own block.
        shouldDehydrateQuery: (query) =>
          persistModeOf(query) !== undefined && query.queryKey[0] !== chainKeys.all[0],
      }),
    };
  } catch {
    // A render that throws is the app's to show, with its own error screens.
    return undefined;
  }
}

/**
 * A gateway answer the page waits for: what the app saves is what comes from the gateway, and only
 * that is asked for here (the server reads no chain).
 */
function isWaiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.meta?.persist === undefined) return false;
  // The options of the observer that built it: useQuery's, with `enabled`.
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

async function settledBefore(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
