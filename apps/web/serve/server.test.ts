import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChainInfo } from '@countersign/gateway-api';
import { devnetChain, teamSafeAddress } from '../src/testing/fixtures';
import { contentSecurityPolicy, rpcOriginsOf } from './csp';
import { configScript, createWebApp, startWebServer } from './server';
import { gatewayOnlyConfig } from './testConfig';

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
    const distDir = mkdtempSync(join(tmpdir(), 'countersign-dist-'));
    try {
      writeFileSync(join(distDir, 'index.html'), '<html><head><title>t</title></head><body></body></html>');
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
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
