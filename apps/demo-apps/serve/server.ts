/**
 * Serves the built demo Safe Apps (apps/demo-apps/dist) on a loopback port of their own, so that they
 * are cross-origin to Countersign: `/` lists them, `/<app>/` is an app, `/<app>/manifest.json` its
 * manifest (readable from any origin, as a Safe wallet reads it), `/assets/*` the hashed bundles.
 * GET and HEAD only; nothing outside the build folder is ever read.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAppManifest, demoApps } from './catalogue';

export type DemoAppsServerOptions = {
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /**
   * The host name the apps are reached at, in the URL reported and listed in the catalogue. Default:
   * `localhost` when bound to 127.0.0.1 (and the reverse), so that the apps are another site than a
   * Countersign served on the bound address, as third-party apps are.
   */
  publicHostname?: string;
  /** The `vite build` output; default apps/demo-apps/dist. */
  distDir?: string;
};

export type DemoAppsServer = {
  /** The apps' origin, e.g. http://localhost:5190 (no trailing slash). */
  url: string;
  port: number;
  close(): Promise<void>;
};

export const defaultDemoAppsDist = fileURLToPath(new URL('../dist', import.meta.url));

/** Default port of `npm start` (DEMO_APPS_PORT). */
export const DEFAULT_DEMO_APPS_PORT = 5190;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * The apps' policy: their own scripts and styles only, no network but their own origin (they talk to
 * the Safe through postMessage), framed by any http(s) page (a Safe wallet).
 */
export const demoAppsCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  'frame-ancestors http: https:',
].join('; ');

export function defaultPublicHostname(host: string): string {
  if (host === '127.0.0.1') return 'localhost';
  if (host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** The file under `distDir` for a URL path, or undefined when it would leave the folder. */
function fileOf(distDir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded.endsWith('/') ? `${decoded}index.html` : decoded).replace(/^[/\\]+/, '');
  const file = join(distDir, relative);
  return file.startsWith(distDir + sep) ? file : undefined;
}

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
  head: boolean,
) {
  response.writeHead(status, { 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  response.end(head ? undefined : body);
}

async function handle(distDir: string, request: IncomingMessage, response: ServerResponse) {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Security-Policy', demoAppsCsp);
  const head = request.method === 'HEAD';
  if (request.method !== 'GET' && !head) {
    send(response, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }, 'Method not allowed', head);
    return;
  }
  const { pathname } = new URL(request.url ?? '/', 'http://demo-apps.invalid');
  const plain = { 'Content-Type': 'text/plain; charset=utf-8' };
  // An app without its trailing slash: its relative URLs (icon.svg, manifest.json) need the slash.
  const bare = demoApps.find((app) => pathname === `/${app.slug}`);
  if (bare) {
    send(response, 308, { Location: `/${bare.slug}/`, ...plain }, 'Moved', head);
    return;
  }
  const manifestOf = demoApps.find((app) => pathname === `/${app.slug}/manifest.json`);
  if (manifestOf) {
    send(
      response,
      200,
      {
        'Content-Type': 'application/json; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-cache',
      },
      JSON.stringify(demoAppManifest(manifestOf), null, 2),
      head,
    );
    return;
  }
  const file = fileOf(distDir, pathname);
  const found = file ? await stat(file).catch(() => undefined) : undefined;
  if (!file || !found?.isFile()) {
    send(response, 404, plain, 'Not found', head);
    return;
  }
  const type = contentTypes[extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  // Icons are read by the wallet's page too (the catalogue, a custom app's manifest).
  if (type === 'image/svg+xml' || type === 'image/png') headers['Access-Control-Allow-Origin'] = '*';
  send(response, 200, headers, await readFile(file), head);
}

/** Starts the demo apps' server; fails when the build is missing or the port is taken. */
export async function startDemoAppsServer(options: DemoAppsServerOptions): Promise<DemoAppsServer> {
  const host = options.host ?? '127.0.0.1';
  const distDir = normalize(options.distDir ?? defaultDemoAppsDist).replace(/[/\\]+$/, '');
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`The demo Safe Apps are not built (${distDir}): run npm run build`);
  }
  const server: Server = createServer((request, response) => {
    handle(distDir, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end('Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostname = options.publicHostname ?? defaultPublicHostname(host);
  return {
    url: `http://${hostname}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
