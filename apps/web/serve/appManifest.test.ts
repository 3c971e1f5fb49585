import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  MAX_MANIFEST_BYTES,
  manifestUrlOf,
  readAppManifest,
  type ManifestReaderOptions,
  type ResolvedAddress,
} from './appManifest';
import { createWebApp } from './server';
import { gatewayOnlyConfig } from './testConfig';

let server: Server;
let port: number;
let base: string;
/** What reached the listener since the test began. */
let connections: Socket[];
let requests: { path: string; host: string | undefined }[];

beforeAll(async () => {
  // A Safe App's site on loopback: a manifest, a redirect, a huge file, one without end, one that
  // never answers, something that is not JSON.
  server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push({ path, host: request.headers.host });
    if (path === '/tool/manifest.json') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ name: 'Tool', description: 'Does things', iconPath: 'logo.svg' }));
    } else if (path === '/moved/manifest.json') {
      response.writeHead(302, { location: '/tool/manifest.json' }).end();
    } else if (path === '/huge/manifest.json') {
      response.end(`{"name":"${'x'.repeat(MAX_MANIFEST_BYTES)}"}`);
    } else if (path === '/endless/manifest.json') {
      // Chunked, no length declared, never finished: only the byte count can stop it.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"name":"');
      const chunk = 'x'.repeat(8_192);
      const timer = setInterval(() => response.write(chunk), 1);
      response.on('close', () => clearInterval(timer));
    } else if (path === '/silent/manifest.json') {
      // Never answers.
    } else if (path === '/html/manifest.json') {
      response.end('<html>not json</html>');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No such app here (secret detail)');
    }
  });
  server.on('connection', (socket: Socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);
beforeEach(() => {
  connections = [];
  requests = [];
});

/** A resolver that knows these names only, and records what it was asked. */
function resolverOf(names: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve = (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const addresses = names[hostname];
    if (!addresses) return Promise.reject(new Error(`ENOTFOUND ${hostname}`));
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return { resolve, asked };
}

/**
 * Options under which the listener's port counts as a public one: then only the address check
 * stands between a URL on loopback and the listener.
 */
const listenerPortPublic = (extra: ManifestReaderOptions = {}): ManifestReaderOptions => ({
  publicPorts: [port],
  resolve: resolverOf({}).resolve,
  ...extra,
});

const NOT_PUBLIC = {
  status: 403,
  message: 'The app is not at a public address (ports 80 and 443 only): its manifest is not read.',
};
const UNREADABLE = { status: 502, message: 'The app’s manifest could not be read.' };

describe('the manifest beside an app', () => {
  it('is manifest.json in the app’s folder, query and fragment dropped; http(s) only', () => {
    expect(manifestUrlOf('http://127.0.0.1:9/tool')?.href).toBe('http://127.0.0.1:9/tool/manifest.json');
    expect(manifestUrlOf('http://127.0.0.1:9/tool/?x=1#y')?.href).toBe(
      'http://127.0.0.1:9/tool/manifest.json',
    );
    expect(manifestUrlOf('javascript:alert(1)')).toBeUndefined();
    expect(manifestUrlOf('http://user:secret@127.0.0.1:9/')).toBeUndefined();
    expect(manifestUrlOf('not a url')).toBeUndefined();
  });

  it('is read and handed on as JSON from an origin the operator trusts', async () => {
    expect(await readAppManifest(`${base}/tool?x=1`, { privateOrigins: [base] })).toEqual({
      status: 200,
      json: { name: 'Tool', description: 'Does things', iconPath: 'logo.svg' },
    });
  });

  it('answers 400 for what is not an http(s) URL', async () => {
    expect(await readAppManifest(undefined)).toMatchObject({ status: 400 });
    expect(await readAppManifest('file:///etc/passwd')).toMatchObject({ status: 400 });
    expect(await readAppManifest('not a url')).toMatchObject({ status: 400 });
  });
});

describe('addresses that are not public', () => {
  it('are refused in every spelling of loopback IPv4, which URL parsing brings to 127.0.0.1', async () => {
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '127.1', '0177.0.0.1', '127.0.0.1.']) {
      const appUrl = `http://${host}:${port}/tool`;
      expect(new URL(appUrl).hostname, host).toBe('127.0.0.1');
      expect(await readAppManifest(appUrl, listenerPortPublic()), host).toEqual(NOT_PUBLIC);
    }
    expect(connections).toHaveLength(0);
  });

  it('are refused in IPv6, mapped and embedded forms', async () => {
    for (const host of [
      '[::1]',
      '[0:0:0:0:0:0:0:1]',
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '[::127.0.0.1]',
      '[::ffff:0:127.0.0.1]',
      '[64:ff9b::127.0.0.1]',
      '[2002:7f00:1::1]',
      '[::]',
      '[fe80::1]',
      '[fc00::1]',
      '[fd12:3456::1]',
      '[ff02::1]',
      '[2001:db8::1]',
      '0.0.0.0',
      '0',
      '10.0.0.1',
      '169.254.169.254',
    ]) {
      expect(await readAppManifest(`http://${host}:${port}/tool`, listenerPortPublic()), host).toEqual(
        NOT_PUBLIC,
      );
    }
    expect(connections).toHaveLength(0);
  });

  it('are refused behind a name: any one of its addresses refuses it; localhost is never resolved', async () => {
    const { resolve, asked } = resolverOf({
      'loopback.example': ['127.0.0.1'],
      'mixed.example': ['93.184.216.34', '127.0.0.1'],
      'mixed6.example': ['2606:4700::1111', '::1'],
      'mapped.example': ['::ffff:192.168.1.10'],
    });
    for (const name of ['loopback.example', 'mixed.example', 'mixed6.example', 'mapped.example']) {
      expect(
        await readAppManifest(`http://${name}:${port}/tool`, listenerPortPublic({ resolve })),
        name,
      ).toEqual(NOT_PUBLIC);
    }
    for (const name of ['localhost', 'app.localhost', 'LOCALHOST.']) {
      expect(
        await readAppManifest(`http://${name}:${port}/tool`, listenerPortPublic({ resolve })),
        name,
      ).toEqual(NOT_PUBLIC);
    }
    expect(asked).toEqual(['loopback.example', 'mixed.example', 'mixed6.example', 'mapped.example']);
    expect(connections).toHaveLength(0);
  });

  it('are told apart from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '0.0.0.0',
      '0.1.2.3',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.0.1',
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.1',
      '198.18.0.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fc00::1',
      'fdff::1',
      'ff02::1',
      'fec0::1',
      '100::1',
      '2001:db8::1',
      '3fff::1',
      '2001::1',
      '4000::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:0:a00:1',
      '::10.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::1',
      '2002:c0a8:101::1',
      // Only canonical forms: the spellings URL parsing would have turned into these.
      '127.1',
      '0x7f000001',
      '2130706433',
      'localhost',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '192.169.0.1',
      '2606:4700::1111',
      '2a00:1450:4001::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('and ports other than 80 and 443 are refused before any lookup', async () => {
    const { resolve, asked } = resolverOf({ 'apps.example': ['93.184.216.34'] });
    for (const url of ['http://apps.example:8080/tool', 'https://apps.example:8443/', `${base}/tool`]) {
      expect(await readAppManifest(url, { resolve }), url).toEqual(NOT_PUBLIC);
    }
    expect(asked).toEqual([]);
    expect(connections).toHaveLength(0);
  });

  it('a name that does not resolve, or resolves to nothing, is unreadable', async () => {
    const { resolve } = resolverOf({ 'empty.example': [] });
    expect(await readAppManifest('https://missing.example/', { resolve })).toEqual(UNREADABLE);
    expect(await readAppManifest('https://empty.example/', { resolve })).toEqual(UNREADABLE);
  });
});

describe('the connection', () => {
  it('goes to the address that was checked, with the name as Host, and the name is looked up once', async () => {
    const origin = `http://manifest.test:${port}`;
    const { resolve, asked } = resolverOf({ 'manifest.test': ['127.0.0.1'] });
    expect(await readAppManifest(`${origin}/tool/`, { resolve, privateOrigins: [origin] })).toMatchObject({
      status: 200,
      json: { name: 'Tool' },
    });
    expect(asked).toEqual(['manifest.test']);
    expect(connections).toHaveLength(1);
    expect(requests).toEqual([{ path: '/tool/manifest.json', host: `manifest.test:${port}` }]);
  });

  it('trusts a private origin by scheme, host and port exactly', async () => {
    for (const trusted of [
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port + 1}`,
      `http://localhost:${port}`,
    ]) {
      expect(await readAppManifest(`${base}/tool`, { privateOrigins: [trusted] }), trusted).toEqual(
        NOT_PUBLIC,
      );
    }
    expect(connections).toHaveLength(0);
  });

  it('follows no redirect, even from a trusted origin, and says nothing of what the app answered', async () => {
    const trusted = { privateOrigins: [base] };
    expect(await readAppManifest(`${base}/moved`, trusted)).toEqual(UNREADABLE);
    expect(requests.map((request) => request.path)).toEqual(['/moved/manifest.json']);
    expect(await readAppManifest(`${base}/none`, trusted)).toEqual(UNREADABLE);
    expect(await readAppManifest(`${base}/html`, trusted)).toEqual(UNREADABLE);
    expect(await readAppManifest(`${base}/huge`, trusted)).toEqual(UNREADABLE);
    // Nothing listens on port 9 (discard) here.
    expect(
      await readAppManifest('http://127.0.0.1:9/app', { privateOrigins: ['http://127.0.0.1:9'] }),
    ).toEqual(UNREADABLE);
  });

  it('is cut as soon as the body passes the size limit, length declared or not', async () => {
    const started = performance.now();
    expect(await readAppManifest(`${base}/endless`, { privateOrigins: [base] })).toEqual(UNREADABLE);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(connections).toHaveLength(1);
    const socket = connections[0]!;
    await new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));
  });

  it('gives up after its time', async () => {
    const started = performance.now();
    expect(await readAppManifest(`${base}/silent`, { privateOrigins: [base], timeoutMs: 200 })).toEqual(
      UNREADABLE,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('GET /app-manifest', () => {
  const app = createWebApp({ distDir: '/nonexistent', config: gatewayOnlyConfig });
  const trustingApp = () =>
    createWebApp({
      distDir: '/nonexistent',
      config: gatewayOnlyConfig,
      appManifest: { privateOrigins: [base] },
    });
  const get = (target: ReturnType<typeof createWebApp>, appUrl: string) =>
    target.request(`/app-manifest?url=${encodeURIComponent(appUrl)}`);

  it('sends a manifest cacheable by the browser alone', async () => {
    const response = await get(trustingApp(), `${base}/tool`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expect(await response.json()).toMatchObject({ name: 'Tool' });
  });

  it('sends its refusals and failures uncached', async () => {
    for (const [target, appUrl, status] of [
      [app, 'file:///etc/passwd', 400],
      [app, `${base}/tool`, 403],
      [app, 'http://[::1]/tool', 403],
      [trustingApp(), `${base}/none`, 502],
    ] as const) {
      const response = await get(target, appUrl);
      expect(response.status, appUrl).toBe(status);
      expect(response.headers.get('cache-control'), appUrl).toBe('no-store');
      expect(Object.keys((await response.json()) as object)).toEqual(['message']);
    }
    expect(requests.map((request) => request.path)).toEqual(['/none/manifest.json']);
  });
});
