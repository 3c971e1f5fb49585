import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import type { ChainInfo } from '@countersign/gateway-api';
import { devnetChain, teamSafeAddress } from '../src/testing/fixtures';
import { contentSecurityPolicy, rpcOriginsOf } from './csp';
import { parseOriginList } from './origins';
import { configScript, createWebApp, parseChainRpcUrls, startWebServer } from './server';
import { loadPrerender, speaksServerLocale } from './prerender';
import { gatewayOnlyConfig } from './testConfig';
import type { PrerenderedPage } from '../src/app/prerenderedData';

/** A directory holding a build's index.html alone, for the time of `use`. */
async function withBuiltPage(indexHtml: string, use: (distDir: string) => Promise<void>): Promise<void> {
  const distDir = mkdtempSync(join(tmpdir(), 'countersign-dist-'));
  try {
    writeFileSync(join(distDir, 'index.html'), indexHtml);
    await use(distDir);
  } finally {
    rmSync(distDir, { recursive: true, force: true });
  }
}

/** A page's HTML as a browser reads it: decoded from the Content-Encoding it came in. */
async function pageText(response: Response): Promise<string> {
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

/**
 * The web app on the build in `distDir`, with the devnet chain and a renderer that answers `page`
 * for every page it is asked to render, and records their URLs in `rendered`.
 */
function appRendering(distDir: string, page: PrerenderedPage | undefined) {
  const rendered: string[] = [];
  const forwardedFor: (string | undefined)[] = [];
  const app = createWebApp({
    distDir,
    config: gatewayOnlyConfig,
    chains: () => ({ readAt: 1, chains: [devnetChain] }),
    prerender: (url, _chains, visitor) => {
      rendered.push(url);
      forwardedFor.push(visitor);
      return Promise.resolve(page);
    },
  });
  return { app, rendered, forwardedFor };
}

/** The app with renders that wait until a test releases them, in the order they were asked for. */
function appWithHeldRenders(distDir: string) {
  const releases: ((page: PrerenderedPage | undefined) => void)[] = [];
  const app = createWebApp({
    distDir,
    config: gatewayOnlyConfig,
    chains: () => ({ readAt: 1, chains: [devnetChain] }),
    prerender: () => new Promise((resolve) => releases.push(resolve)),
  });
  return { app, releases };
}

/** `app` on a real socket on loopback for the time of `use`, which is given its origin. */
async function onSocket(app: Hono, use: (origin: string) => Promise<void>): Promise<void> {
  const server = createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('web server configuration', () => {
  it('writes the WalletConnect settings into /config.js', () => {
    expect(
      configScript({
        gatewayUrl: 'http://127.0.0.1:8787',
        walletConnectProjectId: 'abc',
        walletConnectRelayUrl: 'wss://relay.example.com',
      }),
    ).toBe(
      'window.__COUNTERSIGN_CONFIG__ = {"gatewayUrl":"http://127.0.0.1:8787","walletConnectProjectId":"abc","walletConnectRelayUrl":"wss://relay.example.com"};\n',
    );
  });

  it('refuses a relay URL that is not ws(s), and a gateway URL that is not http(s)', async () => {
    await expect(
      startWebServer({
        port: 0,
        gatewayUrl: 'http://127.0.0.1:8787',
        walletConnectRelayUrl: 'https://relay.example.com',
      }),
    ).rejects.toThrow('walletConnectRelayUrl must be a ws(s) URL, got "https://relay.example.com"');
    await expect(startWebServer({ port: 0, gatewayUrl: 'ftp://127.0.0.1' })).rejects.toThrow(
      'gatewayUrl must be an http(s) URL, got "ftp://127.0.0.1"',
    );
  });

  it('refuses frame ancestors and private manifest origins that are not origins', async () => {
    await expect(
      startWebServer({
        port: 0,
        gatewayUrl: 'http://127.0.0.1:8787',
        frameAncestors: ['https://app.safe.global', 'https://app.safe.global/apps', 'https://*.safe.global'],
      }),
    ).rejects.toThrow(
      'frameAncestors (FRAME_ANCESTORS) must list origins (scheme://host[:port], no path), separated by commas; got "https://app.safe.global/apps", "https://*.safe.global"',
    );
    await expect(
      startWebServer({
        port: 0,
        gatewayUrl: 'http://127.0.0.1:8787',
        appManifestPrivateOrigins: ['127.0.0.1:4107'],
      }),
    ).rejects.toThrow('appManifestPrivateOrigins (APP_MANIFEST_PRIVATE_ORIGINS) must list origins');
    expect(
      parseOriginList('FRAME_ANCESTORS', ' HTTPS://App.Safe.Global:443/ ,, http://127.0.0.1:4107'),
    ).toEqual(['https://app.safe.global', 'http://127.0.0.1:4107']);
    expect(parseOriginList('FRAME_ANCESTORS', undefined)).toEqual([]);
    expect(() => parseOriginList('FRAME_ANCESTORS', 'ftp://files.example')).toThrow(
      'FRAME_ANCESTORS must list',
    );
  });

  it('frames, configures and reads manifests as set: FRAME_ANCESTORS and APP_MANIFEST_PRIVATE_ORIGINS', async () => {
    const appSite = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{"name":"Own app"}');
    });
    await new Promise<void>((resolve) => appSite.listen(0, '127.0.0.1', resolve));
    const appOrigin = `http://127.0.0.1:${(appSite.address() as AddressInfo).port}`;
    try {
      await withBuiltPage('<html><head></head><body></body></html>', async (distDir) => {
        const web = await startWebServer({
          port: 0,
          distDir,
          // Nothing listens on the discard port: the chains are simply not read.
          gatewayUrl: 'http://127.0.0.1:9',
          prerenderBudgetMs: 0,
          frameAncestors: ['HTTPS://App.Safe.Global/'],
          appManifestPrivateOrigins: [`${appOrigin}/`],
        });
        try {
          const script = await (await fetch(`${web.url}/config.js`)).text();
          expect(script).toContain('"frameAncestors":["https://app.safe.global"]');
          const page = await fetch(`${web.url}/`);
          expect(page.headers.get('content-security-policy')).toContain(
            "frame-ancestors 'self' https://app.safe.global",
          );
          expect(page.headers.get('x-frame-options')).toBeNull();
          const manifest = await fetch(
            `${web.url}/app-manifest?url=${encodeURIComponent(`${appOrigin}/app/`)}`,
          );
          expect(manifest.status).toBe(200);
          expect(await manifest.json()).toEqual({ name: 'Own app' });
        } finally {
          await web.close();
        }
      });
    } finally {
      await new Promise<void>((resolve) => appSite.close(() => resolve()));
    }
  });
});

describe('Content-Security-Policy', () => {
  const policy = (config: Parameters<typeof contentSecurityPolicy>[0]) =>
    Object.fromEntries(
      contentSecurityPolicy(config)
        .split('; ')
        .map((directive) => {
          const [name, ...sources] = directive.split(' ');
          return [name!, sources];
        }),
    );

  it('allows scripts from the app only, and connections to the gateway and the chains’ RPC endpoints', () => {
    const csp = policy({
      gatewayUrl: 'https://gateway.example.com/base',
      rpcOrigins: ['https://rpc.example.com'],
    });
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://gateway.example.com', 'https://rpc.example.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http:']);
    expect(csp['frame-src']).toEqual(['https:', 'http:']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['connect-src']!.some((source) => source.includes('walletconnect'))).toBe(false);
    // Framed by itself alone unless Safe wallets are named.
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(
      policy({
        gatewayUrl: 'http://127.0.0.1:8787',
        rpcOrigins: [],
        frameAncestors: ['https://app.safe.global', 'http://127.0.0.1:4107'],
      })['frame-ancestors'],
    ).toEqual(["'self'", 'https://app.safe.global', 'http://127.0.0.1:4107']);
  });

  it("adds WalletConnect's exact hosts with its public relay, and nothing but the relay configured", () => {
    const base = { gatewayUrl: 'http://127.0.0.1:8787', rpcOrigins: ['http://127.0.0.1:8545'] };
    const app = ["'self'", 'http://127.0.0.1:8787', 'http://127.0.0.1:8545'];
    expect(policy({ ...base, walletConnect: {} })['connect-src']).toEqual([
      ...app,
      'wss://relay.walletconnect.org',
      'https://api.web3modal.org',
      'https://verify.walletconnect.org',
      'https://verify.walletconnect.com',
    ]);
    // WALLETCONNECT_VERIFY: off leaves Verify out with the public relay; on adds it to one's own.
    expect(policy({ ...base, walletConnect: { verify: false } })['connect-src']).toEqual([
      ...app,
      'wss://relay.walletconnect.org',
      'https://api.web3modal.org',
    ]);
    expect(
      policy({ ...base, walletConnect: { relayUrl: 'wss://relay.example.com/', verify: true } })[
        'connect-src'
      ],
    ).toEqual([
      ...app,
      'wss://relay.example.com',
      'https://verify.walletconnect.org',
      'https://verify.walletconnect.com',
    ]);
    expect(
      policy({ ...base, walletConnect: { relayUrl: 'ws://127.0.0.1:9999/relay' } })['connect-src'],
    ).toEqual([...app, 'ws://127.0.0.1:9999']);
    expect(
      policy({ ...base, walletConnect: { relayUrl: 'wss://relay.example.com/' } })['connect-src'],
    ).toEqual([...app, 'wss://relay.example.com']);
  });

  it('takes the RPC URL the browser uses: the public one when the other needs an API key', () => {
    const chain = (rpc: string, auth: string, publicRpc: string) =>
      ({
        rpcUri: { authentication: auth, value: rpc },
        publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: publicRpc },
        safeAppsRpcUri: { authentication: auth, value: rpc },
      }) as unknown as ChainInfo;
    expect(
      rpcOriginsOf([
        chain('https://keyed.example.com/v3/', 'API_KEY_PATH', 'https://public.example.com/rpc'),
        chain('http://127.0.0.1:8545', 'NO_AUTHENTICATION', 'http://127.0.0.1:8545'),
      ]),
    ).toEqual(['http://127.0.0.1:8545', 'https://public.example.com']);
  });

  it("takes the operator's RPC where CHAIN_RPC_URLS names one, and then never the gateway's for that chain", () => {
    const chain = (chainId: string, rpc: string) =>
      ({
        chainId,
        rpcUri: { authentication: 'NO_AUTHENTICATION', value: rpc },
        publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: rpc },
        safeAppsRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'https://apps-rpc.example.com' },
      }) as unknown as ChainInfo;
    expect(
      rpcOriginsOf([chain('1', 'https://liar.example.com/rpc'), chain('10', 'https://gw-op.example.com')], {
        '1': 'https://mainnet.operator.example/KEY',
        '8453': 'https://base.operator.example',
      }),
    ).toEqual([
      'https://base.operator.example',
      'https://gw-op.example.com',
      'https://mainnet.operator.example',
    ]);
  });

  it("adds the owner's own RPC origins that their browser names in its cookie, and nothing else from it", async () => {
    const app = createWebApp({ distDir: '/nonexistent', config: gatewayOnlyConfig, rpcOrigins: () => [] });
    const named = encodeURIComponent(
      'https://mine.example:8443 javascript:alert(1) https://*.example.com https://ok.example/path',
    );
    const response = await app.request('/config.js', {
      headers: { cookie: `countersign-owner-rpc=${named}` },
    });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:8787 https://mine.example:8443;");
  });

  it('reads CHAIN_RPC_URLS as chainId=URL entries, and refuses anything else naming the entry', () => {
    expect(parseChainRpcUrls(' 1=https://eth.example/v3/KEY,137=https://polygon.example ')).toEqual({
      '1': 'https://eth.example/v3/KEY',
      '137': 'https://polygon.example',
    });
    expect(parseChainRpcUrls(undefined)).toEqual({});
    expect(() => parseChainRpcUrls('1=ftp://x.example')).toThrow(/"1=ftp:\/\/x.example"/);
    expect(() => parseChainRpcUrls('mainnet=https://x.example')).toThrow(/CHAIN_RPC_URLS/);
    expect(() => parseChainRpcUrls('1=https://a.example 1=https://b.example')).toThrow(/each chain once/);
  });

  it('is sent with every page the server answers', async () => {
    const app = createWebApp({
      distDir: '/nonexistent',
      config: gatewayOnlyConfig,
      rpcOrigins: () => ['http://127.0.0.1:8545'],
    });
    const response = await app.request('/config.js');
    expect(response.headers.get('content-security-policy')).toContain(
      "connect-src 'self' http://127.0.0.1:8787 http://127.0.0.1:8545",
    );
  });
});

describe('pages', () => {
  it('start with the chain list, and a Safe page with its SafeInfo on its way', async () => {
    await withBuiltPage('<html><head><title>t</title></head><body></body></html>', async (distDir) => {
      const app = createWebApp({
        distDir,
        config: gatewayOnlyConfig,
        chains: () => ({ readAt: 1, chains: [devnetChain] }),
      });
      const page = `/local:${teamSafeAddress}/transactions/queue`;
      const safeInfo = `http://127.0.0.1:8787/v1/chains/1337/safes/${teamSafeAddress}`;
      const preload = (url: string) =>
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`;
      const firstVisit = await (await app.request(page)).text();
      expect(firstVisit).toContain('id="countersign-chains"');
      expect(firstVisit).toContain(
        [safeInfo, 'http://127.0.0.1:8787/v1/chains/1337', `${safeInfo}/transactions/queued`]
          .map(preload)
          .join('') + '</head>',
      );
      const saved = await (
        await app.request(page, { headers: { Cookie: 'countersign-saved-cache=1' } })
      ).text();
      expect(saved).toContain(`${preload(safeInfo)}</head>`);
      // A malformed escape in the path is the app's "not found" page to show, not a server error.
      expect((await app.request(`/local:${teamSafeAddress}/%E0%A4%A`)).status).toBe(200);
    });
  });
});

describe('pages rendered on the server', () => {
  it('a Safe page comes rendered, with its data, with or without a saved cache; a browser with its own view or another page does not', async () => {
    await withBuiltPage(
      '<html><head><title>Countersign</title></head><body><div id="root"></div></body></html>',
      async (distDir) => {
        const { app, rendered } = appRendering(distDir, {
          head: '<title>Queue · $&amp; co</title>',
          html: '<main>$` queue</main>',
          data: { mutations: [], queries: [] },
        });
        const page = `/local:${teamSafeAddress}/transactions/queue`;
        const safeInfo = `http://127.0.0.1:8787/v1/chains/1337/safes/${teamSafeAddress}`;
        const firstVisit = await (await app.request(page)).text();
        expect(rendered).toEqual([`http://localhost${page}`]);
        // `$` patterns in the content are text, not replacement patterns.
        expect(firstVisit).toContain(
          '<div id="root"><div data-prerendered inert><main>$` queue</main></div></div>',
        );
        expect(firstVisit.match(/<title>/g)).toHaveLength(1);
        expect(firstVisit).toContain('<title>Queue · $&amp; co</title>');
        expect(firstVisit).toContain(
          '<script type="application/json" id="countersign-prerendered-data">{"mutations":[],"queries":[]}</script>',
        );
        // The data is in the page: only the SafeInfo, which the app asks again at once, is preloaded.
        expect(
          [...firstVisit.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
        ).toEqual([safeInfo]);

        // A reload: the render is newer than the saved cache, and paints before the app has run.
        const saved = await (
          await app.request(page, { headers: { Cookie: 'countersign-saved-cache=1' } })
        ).text();
        expect(saved).toContain('<div data-prerendered inert>');
        expect(rendered).toHaveLength(2);
        // The browser keeps names or choices of its own, which a render here would not show.
        const own = await (await app.request(page, { headers: { Cookie: 'countersign-own-view=1' } })).text();
        expect(own).toContain('<div id="root"></div>');
        const ownWithCache = await (
          await app.request(page, {
            headers: { Cookie: 'countersign-saved-cache=1; countersign-own-view=1' },
          })
        ).text();
        expect(ownWithCache).toContain('<div id="root"></div>');
        // Its saved cache has the view's data: only the SafeInfo, which it always asks again, is preloaded.
        expect(
          [...ownWithCache.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
        ).toEqual([safeInfo]);
        await app.request('/new-safe');
        expect(rendered).toHaveLength(2);
      },
    );
  });

  it('comes in brotli or gzip to a browser that takes it, the same page once decoded', async () => {
    await withBuiltPage(
      '<html><head><title>Countersign</title></head><body><div id="root"></div></body></html>',
      async (distDir) => {
        const rows = Array.from({ length: 200 }, (_, i) => `<li data-testid="tx-row">Send ${i} DEV</li>`);
        const { app } = appRendering(distDir, {
          head: '<title>History</title>',
          html: `<main><ul>${rows.join('')}</ul></main>`,
          data: { mutations: [], queries: [] },
        });
        const page = `/local:${teamSafeAddress}/transactions/history`;
        const plain = await app.request(page);
        expect(plain.headers.get('content-encoding')).toBeNull();
        const html = await plain.text();
        expect(html).toContain('Send 199 DEV');
        for (const [accept, encoding, decode] of [
          ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
          ['gzip', 'gzip', gunzipSync],
        ] as const) {
          const answer = await app.request(page, { headers: { 'Accept-Encoding': accept } });
          expect(answer.headers.get('content-encoding'), accept).toBe(encoding);
          expect(answer.headers.get('content-type'), accept).toMatch(/^text\/html; charset=utf-8$/i);
          expect(answer.headers.get('vary'), accept).toBe('Accept-Encoding');
          const body = Buffer.from(await answer.arrayBuffer());
          expect(body.byteLength, accept).toBeLessThan(html.length / 5);
          expect(decode(body).toString(), accept).toBe(html);
        }
      },
    );
  });

  it('a render that does not come (late, an error) leaves the page to the app, with its data preloads', async () => {
    await withBuiltPage('<html><head></head><body><div id="root"></div></body></html>', async (distDir) => {
      const { app } = appRendering(distDir, undefined);
      const html = await (await app.request(`/local:${teamSafeAddress}/transactions/queue`)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(`/v1/chains/1337/safes/${teamSafeAddress}/transactions/queued`);
      expect(html).not.toContain('countersign-prerendered-data');
    });
  });

  it('renders for the visitor: the gateway is told the hops that reached the server and the peer it heard', async () => {
    await withBuiltPage('<html><head></head><body><div id="root"></div></body></html>', async (distDir) => {
      const { app, forwardedFor } = appRendering(distDir, undefined);
      await onSocket(app, async (origin) => {
        const page = `${origin}/local:${teamSafeAddress}/home`;
        await (await fetch(page)).text();
        await (await fetch(page, { headers: { 'X-Forwarded-For': '198.51.100.1' } })).text();
        expect(forwardedFor).toEqual(['127.0.0.1', '198.51.100.1, 127.0.0.1']);
      });
    });
  });

  it('sends the head before the render is done, compressed or not, then the rest', async () => {
    await withBuiltPage(
      '<html><head><link rel="stylesheet" href="/assets/style.css"><title>Countersign</title></head><body><div id="root"></div></body></html>',
      async (distDir) => {
        const { app, releases } = appWithHeldRenders(distDir);
        await onSocket(app, async (origin) => {
          for (const encoding of ['identity', 'br', 'gzip']) {
            // fetch undoes the Content-Encoding as the bytes come.
            const response = await fetch(`${origin}/local:${teamSafeAddress}/home`, {
              headers: { 'Accept-Encoding': encoding },
            });
            expect(response.headers.get('content-encoding') ?? 'identity').toBe(encoding);
            const reader = response.body!.getReader();
            const decoder = new TextDecoder();
            let received = '';
            while (!received.includes('/assets/style.css')) {
              const { value, done } = await reader.read();
              if (done) throw new Error('the page ended before its head');
              received += decoder.decode(value, { stream: true });
            }
            // The head is here and the render is not: no title yet (the render brings it), no body.
            expect(received).toContain(`/v1/chains/1337/safes/${teamSafeAddress}`);
            expect(received).not.toContain('<title>');
            expect(received).not.toContain('id="root"');
            expect(releases).toHaveLength(1);
            releases.shift()?.({
              head: '<title>Home · Team</title>',
              html: '<main>home</main>',
              data: { mutations: [], queries: [] },
            });
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              received += decoder.decode(value, { stream: true });
            }
            expect(received.match(/<title>/g)).toHaveLength(1);
            expect(received.indexOf('<title>Home · Team</title>')).toBeLessThan(received.indexOf('</head>'));
            expect(received).toContain(
              '<div id="root"><div data-prerendered inert><main>home</main></div></div>',
            );
            expect(received).toMatch(/<\/html>$/);
          }
        });
      },
    );
  });

  it('lets a visitor leave while the page is still rendering, and goes on serving', async () => {
    await withBuiltPage(
      '<html><head><title>Countersign</title></head><body><div id="root"></div></body></html>',
      async (distDir) => {
        const { app, releases } = appWithHeldRenders(distDir);
        await onSocket(app, async (origin) => {
          const page = `${origin}/local:${teamSafeAddress}/home`;
          for (const encoding of ['identity', 'br']) {
            const leaving = new AbortController();
            const response = await fetch(page, {
              headers: { 'Accept-Encoding': encoding },
              signal: leaving.signal,
            });
            await response.body!.getReader().read();
            leaving.abort();
            await new Promise((resolve) => setTimeout(resolve, 50));
            // The render comes after the visitor has gone: nothing to write it to, nothing thrown.
            releases.shift()?.({ head: '', html: '<main>late</main>', data: { mutations: [], queries: [] } });
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          const next = fetch(page);
          await new Promise((resolve) => setTimeout(resolve, 50));
          releases.shift()?.(undefined);
          expect((await next).status).toBe(200);
          expect(await (await fetch(`${origin}/config.js`)).text()).toContain('__COUNTERSIGN_CONFIG__');
        });
      },
    );
  });

  it('gives a page whose render did not come its own title back, and the preloads of its data', async () => {
    await withBuiltPage(
      '<html><head><title>Countersign</title></head><body><div id="root"></div></body></html>',
      async (distDir) => {
        const { app } = appRendering(distDir, undefined);
        const html = await (await app.request(`/local:${teamSafeAddress}/home`)).text();
        expect(html.match(/<title>/g)).toHaveLength(1);
        expect(html.indexOf('<title>Countersign</title>')).toBeLessThan(html.indexOf('</head>'));
        expect(html).toContain(`/v1/chains/1337/safes/${teamSafeAddress}/balances/usd`);
        // A browser with a saved cache has the view's data: only the SafeInfo is preloaded.
        const saved = await (
          await app.request(`/local:${teamSafeAddress}/home`, {
            headers: { Cookie: 'countersign-saved-cache=1' },
          })
        ).text();
        expect(saved).not.toContain('/balances/');
        expect(saved).toContain('<div id="root"></div>');
      },
    );
  });

  it('without a renderer build, there is no renderer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'countersign-prerender-'));
    try {
      expect(await loadPrerender(dir, gatewayOnlyConfig)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the server's locale", () => {
  it('is the browser’s when its first preferred language names it, or it names none', () => {
    expect(speaksServerLocale('en-US,en;q=0.9', 'en-US')).toBe(true);
    expect(speaksServerLocale('EN-us', 'en-US')).toBe(true);
    expect(speaksServerLocale(undefined, 'en-US')).toBe(true);
    expect(speaksServerLocale('*', 'en-US')).toBe(true);
    expect(speaksServerLocale('de-DE,en-US;q=0.8', 'en-US')).toBe(false);
    // Another region formats numbers and dates otherwise.
    expect(speaksServerLocale('en-IN', 'en-US')).toBe(false);
  });

  it('decides whether a first visit comes rendered', async () => {
    await withBuiltPage('<html><head></head><body><div id="root"></div></body></html>', async (distDir) => {
      const { app, rendered } = appRendering(distDir, undefined);
      const page = `/local:${teamSafeAddress}/home`;
      const serverLocale = new Intl.DateTimeFormat().resolvedOptions().locale;
      await app.request(page, { headers: { 'Accept-Language': `${serverLocale},en;q=0.5` } });
      expect(rendered).toHaveLength(1);
      await app.request(page, {
        headers: { 'Accept-Language': serverLocale === 'fr-FR' ? 'de-DE' : 'fr-FR' },
      });
      expect(rendered).toHaveLength(1);
    });
  });
});

describe('Subresource Integrity', () => {
  /** A build: its page, its scripts and stylesheet in assets/, and the manifest the preloads come from. */
  function withBuild(use: (distDir: string) => Promise<void>): Promise<void> {
    const page =
      '<html><head><title>Countersign</title>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-c55.css">' +
      '<script defer src="/config.js"></script>' +
      '<script type="module" crossorigin src="/assets/index-e11.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/shell-5e1.js">' +
      '<link rel="modulepreload" href="/assets/gone-000.js" />' +
      '</head><body><div id="root"></div></body></html>';
    return withBuiltPage(page, async (distDir) => {
      mkdirSync(join(distDir, 'assets'));
      mkdirSync(join(distDir, '.vite'));
      const files: Record<string, string> = {
        'index-c55.css': 'body { margin: 0 }\n',
        'index-e11.js': `import './shell-5e1.js';\n${'console.log("start");\n'.repeat(200)}`,
        'shell-5e1.js': 'export const shell = 1;\n',
        'HomePage-407.js': `import './lib-11b.js';\nexport default ${JSON.stringify('home '.repeat(500))};\n`,
        'lib-11b.js': 'export const lib = 2;\n',
      };
      for (const [name, body] of Object.entries(files)) writeFileSync(join(distDir, 'assets', name), body);
      writeFileSync(
        join(distDir, '.vite/manifest.json'),
        JSON.stringify({
          'index.html': {
            file: 'assets/index-e11.js',
            imports: ['_shell-5e1.js'],
            css: ['assets/index-c55.css'],
          },
          '_shell-5e1.js': { file: 'assets/shell-5e1.js' },
          'src/features/home/HomePage.tsx': {
            file: 'assets/HomePage-407.js',
            imports: ['_shell-5e1.js', '_lib-11b.js'],
          },
          '_lib-11b.js': { file: 'assets/lib-11b.js' },
        }),
      );
      await use(distDir);
    });
  }

  it('marks every script, module preload and stylesheet of the page with the hash of the file served', async () => {
    await withBuild(async (distDir) => {
      const app = createWebApp({
        distDir,
        config: gatewayOnlyConfig,
        chains: () => ({ readAt: 1, chains: [devnetChain] }),
      });
      for (const path of ['/', '/index.html', '/new-safe', `/local:${teamSafeAddress}/home`]) {
        const html = await pageText(await app.request(path, { headers: { 'Accept-Encoding': 'br, gzip' } }));
        const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map(([tag]) => tag);
        const loading = tags.filter(
          (tag) => /\ssrc="\/assets\//.test(tag) || /rel="(modulepreload|stylesheet)"/.test(tag),
        );
        expect(loading.length, path).toBeGreaterThanOrEqual(path.includes(':0x') ? 5 : 4);
        for (const tag of loading) {
          const name = /(?:src|href)="\/assets\/([^"]+)"/.exec(tag)![1]!;
          if (name === 'gone-000.js') {
            // No such file: nothing to hash, and the tag is as it was.
            expect(tag, path).toBe('<link rel="modulepreload" href="/assets/gone-000.js" />');
            continue;
          }
          // The bytes as served (decoded, as the browser checks them).
          const served = Buffer.from(await (await app.request(`/assets/${name}`)).arrayBuffer());
          const expected = `sha384-${createHash('sha384').update(served).digest('base64')}`;
          expect(/\sintegrity="([^"]+)"/.exec(tag)?.[1], `${path} ${tag}`).toBe(expected);
          expect(tag, path).toMatch(/\scrossorigin[\s>]/);
        }
        if (path.includes(':0x')) expect(html, path).toContain('/assets/HomePage-407.js');
        // The runtime configuration changes with the server's settings: it has no fixed hash.
        expect(html, path).toContain('<script defer src="/config.js"></script>');
      }
    });
  });
});
