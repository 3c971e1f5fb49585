/**
 * Serves the built web app (apps/web/dist): the runtime configuration at /config.js, hashed assets
 * with a long cache life, and index.html for every other GET so client-side routes work on reload.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { createAdaptorServer } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import {
  checkRuntimeConfig,
  type ConfiguredChain,
  type DevnetWalletConfig,
  type RuntimeConfig,
} from '../src/lib/config';
import { contentSecurityPolicy, readGatewayChains, rpcOriginsOf } from './csp';
import { createManifestReader, type ManifestReaderOptions } from './appManifest';
import { compress, compressingStream, createAssetStore, preferredEncoding, worthCompressing } from './assets';
import { withIntegrity } from './integrity';
import { checkOrigins, normalOrigin } from './origins';

export { parseChainRpcUrls } from './chainRpcUrls';
import { builtFile } from './builtFile';
import { forwardedForOf } from './forwardedFor';
import { createViewPreloads } from './viewPreloads';
import { pageDataHead, safeOfPath, viewDataPreloads } from './pageData';
import {
  defaultPrerenderDir,
  loadPrerender,
  PRERENDER_BUDGET_MS,
  speaksServerLocale,
  pageInTwoParts,
  type Prerender,
} from './prerender';
import { hasOwnViewMark } from '../src/lib/ownViewMark';
import { hasSavedCacheMark } from '../src/lib/savedCacheMark';
import { ownerRpcOriginsInCookie } from '../src/lib/rpcSources';
import type { PageChains } from '../src/features/chains/pageChains';

export type WebServerOptions = {
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** The `vite build` output; default apps/web/dist. */
  distDir?: string;
  /** The gateway the app talks to, written into /config.js. */
  gatewayUrl: string;
  /** Enables WalletConnect-based wallets and QR codes; without it the app never contacts WalletConnect. */
  walletConnectProjectId?: string;
  /** A WalletConnect relay of your own (ws:// or wss://) instead of WalletConnect's public one. */
  walletConnectRelayUrl?: string;
  /** WALLETCONNECT_VERIFY: ask WalletConnect's Verify server about dapps (default: only with its public relay). */
  walletConnectVerify?: boolean;
  /** Set only when serving the local devnet: offers the devnet wallet with these accounts. */
  devnet?: DevnetWalletConfig;
  /**
   * Origins (`http://127.0.0.1:4107`) whose Safe Apps' manifests /app-manifest reads although they
   * are not public addresses on ports 80 and 443: the operator's own apps (serve/appManifest.ts).
   */
  appManifestPrivateOrigins?: readonly string[];
  /**
   * Origins that may frame Countersign besides itself (Safe wallets that run it as a Safe App): the
   * CSP's frame-ancestors, and /config.js's `frameAncestors` for the Safe connector.
   */
  frameAncestors?: readonly string[];
  /** CHAIN_RPC_URLS: the operator's RPC per chain id, which the browser reads those chains through. */
  rpcUrls?: Readonly<Record<string, string>>;
  /** The operator's description of chains the app may open without the gateway (the devnets). */
  chains?: readonly ConfiguredChain[];
  /**
   * The server renderer's build (serve/prerender.ts); default apps/web/dist-server with the default
   * distDir, none with another. Without one, the app renders every page in the browser.
   */
  prerenderDir?: string;
  /**
   * How long a first visit's page may wait for its server render before it is sent without
   * (serve/prerender.ts, default PRERENDER_BUDGET_MS); 0 renders nothing on the server.
   */
  prerenderBudgetMs?: number;
};

export type WebServer = {
  url: string;
  port: number;
  close(): Promise<void>;
};

export const defaultDistDir = fileURLToPath(new URL('../dist', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * How often the chains are read again (the CSP's RPC URLs, the list written into pages); sooner
 * after a failed read. Well inside the app's 5 minutes of chain freshness, so the list a page
 * brings is used as it is.
 */
const CHAINS_REFRESH_MS = 60_000;
const CHAINS_RETRY_MS = 10_000;

/** The body of /config.js. JSON is valid JavaScript, so the value cannot break out of the assignment. */
export function configScript(config: RuntimeConfig): string {
  return `window.__COUNTERSIGN_CONFIG__ = ${JSON.stringify(config)};\n`;
}

/**
 * The origins of the owner's own RPCs, which their browser names in a cookie (lib/rpcSources.ts):
 * each an http(s) origin exactly, or left out.
 */
function ownerRpcOrigins(cookieHeader: string | undefined): string[] {
  return ownerRpcOriginsInCookie(cookieHeader).flatMap((value) => normalOrigin(`${value}/`) ?? []);
}

/**
 * A page, compressed for a browser that takes it: a Safe page rendered here is mostly its markup and
 * its data (the history's first page 82 kB, 11 kB in brotli), which a browser across a network would
 * otherwise wait for in full. Nothing in a page comes from the visitor's session or cookies (no
 * token, nothing secret), so compressing it beside the address it reflects gives nothing away.
 */
async function htmlAnswer(c: Context, html: string) {
  c.header('Vary', 'Accept-Encoding');
  const encoding = preferredEncoding(c.req.header('accept-encoding'));
  const type = 'text/html; charset=UTF-8';
  const body = Buffer.from(html);
  if (encoding === undefined || !worthCompressing(type, body.byteLength)) return c.html(html);
  c.header('Content-Type', type);
  c.header('Content-Encoding', encoding);
  return c.body((await compress[encoding](body)) as Uint8Array<ArrayBuffer>);
}

/**
 * A page sent in two parts: `first` at once, `rest` once it comes (a Safe page's head, then its
 * server render). The browser fetches the styles and scripts the head names, and leaves the page it
 * showed, while the server still renders; compressed, the first part is flushed out on its own.
 */
function streamedHtmlAnswer(c: Context, first: string, rest: Promise<string>): Response {
  c.header('Vary', 'Accept-Encoding');
  c.header('Content-Type', 'text/html; charset=UTF-8');
  const encoding = preferredEncoding(c.req.header('accept-encoding'));
  if (encoding === undefined) {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(first));
        controller.enqueue(encoder.encode(await rest));
        controller.close();
      },
    });
    return c.body(body);
  }
  c.header('Content-Encoding', encoding);
  const { stream, flush } = compressingStream(encoding);
  stream.write(first);
  flush();
  void rest.then((text) => stream.end(text));
  return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>);
}

/** The Hono app alone (no socket), for tests that call `app.request(...)`. */
export function createWebApp(opts: {
  distDir: string;
  config: RuntimeConfig;
  /** The RPC origins of the gateway's chains as last read (connect-src); the gateway alone until then. */
  rpcOrigins?: () => readonly string[];
  /** The gateway's chains as last read, written into each page (see serve/pageData.ts). */
  chains?: () => PageChains | undefined;
  /** Renders a first visit's Safe page on the server (serve/prerender.ts). */
  prerender?: Prerender;
  /** How /app-manifest reads apps' manifests: the private origins trusted, the resolver. */
  appManifest?: ManifestReaderOptions;
}): Hono {
  const { distDir, config } = opts;
  const indexPath = join(distDir, 'index.html');
  const script = configScript(config);
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header(
      'Content-Security-Policy',
      contentSecurityPolicy({
        gatewayUrl: config.gatewayUrl,
        rpcOrigins: [...(opts.rpcOrigins?.() ?? []), ...ownerRpcOrigins(c.req.header('cookie'))],
        walletConnect: config.walletConnectProjectId
          ? { relayUrl: config.walletConnectRelayUrl, verify: config.walletConnectVerify }
          : undefined,
        frameAncestors: config.frameAncestors,
      }),
    );
  });

  app.get('/config.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return c.body(script);
  });

  const readManifest = createManifestReader(opts.appManifest);
  app.get('/app-manifest', async (c) => {
    const answer = await readManifest(c.req.query('url'));
    if (answer.status === 200) {
      // Kept by the browser alone, for a few minutes: it is another site's content, which a shared
      // cache in front of this server would go on handing to everyone under this server's name.
      c.header('Cache-Control', 'private, max-age=300');
      return c.json(answer.json as object);
    }
    // A refusal or a failure is not remembered: the app may be up, or allowed, a moment later.
    c.header('Cache-Control', 'no-store');
    return c.json({ message: answer.message }, answer.status);
  });

  // Hashed file names: cache for a year, served from memory (serve/assets.ts). A missing asset is a
  // 404, never index.html served as JS.
  const assets = createAssetStore(distDir);
  app.get('/assets/:name', async (c) => {
    const answer = await assets.get(c.req.param('name'), preferredEncoding(c.req.header('accept-encoding')));
    if (answer === undefined) return c.text('Not found', 404);
    c.header('Content-Type', answer.type);
    c.header('Cache-Control', IMMUTABLE);
    c.header('Vary', 'Accept-Encoding');
    if (answer.encoding) c.header('Content-Encoding', answer.encoding);
    return c.body(answer.body as Uint8Array<ArrayBuffer>);
  });
  app.get('/assets/*', (c) => c.text('Not found', 404));

  // Client-side routes (e.g. /eth:0xabc…/home): the app's index.html, with the preloads of the
  // view's own code and its first data. A Safe's page comes rendered, with its data, instead of a
  // data preload, to a browser that speaks the server's locale and keeps nothing of its own that
  // changes the page (lib/ownViewMark.ts), whether or not it has a saved cache: the render is newer
  // than that cache, and it paints before the app's code has run. Its head goes out before the
  // render is done (streamedHtmlAnswer). The page's own scripts and styles carry their integrity
  // (serve/integrity.ts). The files are read again once they change, so a rebuild while the server
  // runs is picked up.
  const readIndex = builtFile(indexPath, (text) => text);
  const viewPreloads = createViewPreloads(distDir);
  const integrity = (html: string) => withIntegrity(html, (name) => assets.integrity(name));
  const page = async (c: Context) => {
    const html = readIndex();
    const url = new URL(c.req.url);
    const chains = opts.chains?.();
    const cookies = c.req.header('cookie');
    const savedCache = hasSavedCacheMark(cookies);
    const dataOpts = { pathname: url.pathname, gatewayUrl: config.gatewayUrl, chains };
    const parts = pageInTwoParts(html);
    c.header('Cache-Control', 'no-cache');
    if (
      parts &&
      !hasOwnViewMark(cookies) &&
      opts.prerender &&
      chains &&
      safeOfPath(url.pathname, chains.chains) &&
      speaksServerLocale(c.req.header('accept-language'))
    ) {
      const rendering = opts.prerender(url.href, chains, forwardedForOf(c));
      const first = await integrity(
        parts.first +
          viewPreloads(url.pathname, true) +
          (await pageDataHead({ ...dataOpts, viewDataAtHand: true })),
      );
      // Without a render the app asks for the view's data itself, as soon as it can.
      const rest = rendering
        .then(async (rendered) =>
          parts.rest(rendered, rendered || savedCache ? '' : await viewDataPreloads(dataOpts)),
        )
        // The page is on its way already: it must end, rendered or not.
        .catch(() => parts.rest(undefined));
      return streamedHtmlAnswer(c, first, rest);
    }
    const head =
      viewPreloads(url.pathname, false) + (await pageDataHead({ ...dataOpts, viewDataAtHand: savedCache }));
    const full = head ? html.replace('</head>', () => `${head}</head>`) : html;
    return htmlAnswer(c, await integrity(full));
  };
  // Not the static file: its tags would go without their integrity.
  app.get('/', page);
  app.get('/index.html', page);

  // Other files from dist (favicon.svg, …): revalidate each time.
  app.get(
    '*',
    serveStatic({
      root: distDir,
      onFound: (path, c) => {
        c.header('Cache-Control', 'no-cache');
        if (path === indexPath) c.header('Content-Type', 'text/html; charset=utf-8');
      },
    }),
  );

  app.get('*', page);

  return app;
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const host = opts.host ?? '127.0.0.1';
  const distDir = opts.distDir ?? defaultDistDir;
  const checked = checkRuntimeConfig({
    gatewayUrl: opts.gatewayUrl,
    walletConnectProjectId: opts.walletConnectProjectId,
    walletConnectRelayUrl: opts.walletConnectRelayUrl,
    walletConnectVerify: opts.walletConnectVerify,
    frameAncestors: checkOrigins('frameAncestors (FRAME_ANCESTORS)', opts.frameAncestors ?? []),
    rpcUrls: opts.rpcUrls && Object.keys(opts.rpcUrls).length > 0 ? opts.rpcUrls : undefined,
    chains: opts.chains && opts.chains.length > 0 ? opts.chains : undefined,
    devnet: opts.devnet,
  });
  const appManifestPrivateOrigins = checkOrigins(
    'appManifestPrivateOrigins (APP_MANIFEST_PRIVATE_ORIGINS)',
    opts.appManifestPrivateOrigins ?? [],
  );
  if (!checked.ok) throw new Error(checked.error.join('; '));
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${join(distDir, 'index.html')} is missing. Run \`npx vite build\` in apps/web.`,
    );
  }

  // The chains' RPC endpoints, read from the gateway now and then, for the CSP's connect-src.
  let rpcOrigins: readonly string[] = rpcOriginsOf([], checked.value.rpcUrls);
  let chains: PageChains | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  const refreshChains = async () => {
    let next = CHAINS_REFRESH_MS;
    try {
      const read = await readGatewayChains(checked.value.gatewayUrl);
      rpcOrigins = rpcOriginsOf(read, checked.value.rpcUrls);
      chains = { readAt: Date.now(), chains: read };
    } catch {
      // The gateway is not up yet (or is away): the page still loads; try again soon.
      next = CHAINS_RETRY_MS;
    }
    refreshTimer = setTimeout(() => void refreshChains(), next);
    refreshTimer.unref();
  };
  await refreshChains();

  const prerenderDir = opts.prerenderDir ?? (opts.distDir === undefined ? defaultPrerenderDir : undefined);
  const budgetMs = opts.prerenderBudgetMs ?? PRERENDER_BUDGET_MS;
  const app = createWebApp({
    distDir,
    config: checked.value,
    rpcOrigins: () => rpcOrigins,
    chains: () => chains,
    prerender:
      prerenderDir === undefined || budgetMs === 0
        ? undefined
        : await loadPrerender(prerenderDir, checked.value, budgetMs),
    appManifest: { privateOrigins: appManifestPrivateOrigins },
  });
  // No serverOptions/createServer given, so this is a plain node:http Server.
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(opts.port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });

  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    close() {
      clearTimeout(refreshTimer);
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets would otherwise hold the server open until they time out.
        server.closeAllConnections?.();
      });
      return closing;
    },
  };
}
