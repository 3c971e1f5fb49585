import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PRERENDERED_DATA_ID, type PrerenderedPage } from '../src/app/prerenderedData';
import { dataBlockElement } from '../src/lib/dataBlock';
import type { RuntimeConfig } from '../src/lib/config';
import type { PageChains } from '../src/features/chains/pageChains';

/** The renderer's build (`vite build --ssr src/app/prerender.tsx`, part of the web build). */
export const defaultPrerenderDir = fileURLToPath(new URL('../dist-server', import.meta.url));

/**
 * How long a page may wait for its server render (the gateway's answers and the render itself,
 * about 20 ms on the local stack). Past it the page goes out without: the app then renders it in
 * the browser, as it would with no renderer at all.
 */
export const PRERENDER_BUDGET_MS = 250;

/** The renderer's own interface (src/app/prerender.tsx, which Node-side TypeScript does not compile). */
type PrerenderModule = {
  prerenderPage(request: {
    url: string;
    config: RuntimeConfig;
    chains: PageChains['chains'];
    chainsReadAt: number;
    deadline: number;
    forwardedFor?: string;
  }): Promise<PrerenderedPage | undefined>;
  warmUp(config: RuntimeConfig): Promise<void>;
};

/** `forwardedFor`: the visitor, for the gateway's per-client limits (serve/forwardedFor.ts). */
export type Prerender = (
  url: string,
  chains: PageChains,
  forwardedFor?: string,
) => Promise<PrerenderedPage | undefined>;

/**
 * The renderer of the build in `dir`, for pages of this configuration; undefined when there is no
 * build there (pages are then rendered by the app alone).
 */
export async function loadPrerender(
  dir: string,
  config: RuntimeConfig,
  budgetMs = PRERENDER_BUDGET_MS,
): Promise<Prerender | undefined> {
  const file = join(dir, 'prerender.js');
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as PrerenderModule;
  // In the background: a page asked for meanwhile renders beside it, within its budget.
  renderer.warmUp(config).catch(() => undefined);
  return async (url, chains, forwardedFor) => {
    try {
      return await renderer.prerenderPage({
        url,
        config,
        chains: chains.chains,
        chainsReadAt: chains.readAt,
        deadline: Date.now() + budgetMs,
        forwardedFor,
      });
    } catch {
      return undefined;
    }
  };
}

/**
 * Whether a browser formats numbers and dates as this server does: its first preferred language is
 * the server's locale (the app formats with the browser's own; a page rendered here in another
 * would change its figures as the app took over). A request that names no language is taken to.
 * The time zone is not sent with a request: the server's is assumed, so a day label near midnight
 * can change as the app takes over.
 */
export function speaksServerLocale(
  acceptLanguage: string | undefined,
  serverLocale = new Intl.DateTimeFormat().resolvedOptions().locale,
): boolean {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  if (!first || first === '*') return true;
  return first.toLowerCase() === serverLocale.toLowerCase();
}

/**
 * A page whose server render is on its way, in two parts (serve/server.ts sends the first at once).
 * `first`: the index's <head> up to its end, without its <title>, which the render brings; the
 * browser fetches the styles and scripts named there, and leaves the page it showed, while the
 * server renders. `rest(page)`: the rest of the head (the render's title, its image preloads and
 * its data block) and the body with the render's markup in #root; with no render, the index's own
 * title and `fallbackHead`, and #root left to the app. Undefined for an index with no </head>.
 */
export function pageInTwoParts(
  html: string,
): { first: string; rest: (page: PrerenderedPage | undefined, fallbackHead?: string) => string } | undefined {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return undefined;
  const head = html.slice(0, headEnd);
  const title = /<title>[^<]*<\/title>/.exec(head)?.[0] ?? '';
  const tail = html.slice(headEnd);
  return {
    first: title ? head.replace(title, () => '') : head,
    rest: (page, fallbackHead = '') => {
      if (page === undefined) return title + fallbackHead + tail;
      // The replacements are functions, so a `$` in the content is only a `$`.
      const pageHead = page.head.includes('<title>') ? page.head : title + page.head;
      // Inert until the app replaces it (its first render empties #root): a click on a button that
      // has no code behind it yet would be lost, so nothing can be clicked or focused before then.
      const body = tail.replace(
        '<div id="root"></div>',
        () => `<div id="root"><div data-prerendered inert>${page.html}</div></div>`,
      );
      return pageHead + dataBlockElement(PRERENDERED_DATA_ID, page.data) + body;
    },
  };
}
