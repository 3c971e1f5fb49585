import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChainInfo } from '@countersign/gateway-api';
import { devnetChain, teamSafeAddress } from '../src/testing/fixtures';
import { contentSecurityPolicy, rpcOriginsOf } from './csp';
import { configScript, createWebApp, startWebServer } from './server';
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

/**
 * The web app on the build in `distDir`, with the devnet chain and a renderer that answers `page`
 * for every page it is asked to render, and records their URLs in `rendered`.
 */
function appRendering(distDir: string, page: PrerenderedPage | undefined) {
  const rendered: string[] = [];
  const app = createWebApp({
    distDir,
    config: gatewayOnlyConfig,
    chains: () => ({ readAt: 1, chains: [devnetChain] }),
    prerender: (url) => {
      rendered.push(url);
      return Promise.resolve(page);
    },
  });
  return { app, rendered };
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
  });

  it("adds WalletConnect's hosts and the relay only with a project id", () => {
    const csp = policy({
      gatewayUrl: 'http://127.0.0.1:8787',
      rpcOrigins: [],
      walletConnect: { relayUrl: 'ws://127.0.0.1:9999/relay' },
    });
    expect(csp['connect-src']).toContain('wss://relay.walletconnect.org');
    expect(csp['connect-src']).toContain('ws://127.0.0.1:9999');
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
  it('a first visit to a Safe page comes rendered, with its data; a saved cache or another page does not', async () => {
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

        const saved = await (
          await app.request(page, { headers: { Cookie: 'countersign-saved-cache=1' } })
        ).text();
        expect(saved).toContain('<div id="root"></div>');
        await app.request('/new-safe');
        expect(rendered).toHaveLength(1);
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
