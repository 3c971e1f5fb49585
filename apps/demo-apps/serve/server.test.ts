import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAppsCatalogue, demoApps } from './catalogue';
import { defaultPublicHostname, demoAppsCsp, startDemoAppsServer, type DemoAppsServer } from './server';

/** The demo apps' server on a build of its own (a few files), on a free loopback port. */
let dist: string;
let server: DemoAppsServer;
let base: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'demo-apps-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'tx-builder'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>apps</title>');
  writeFileSync(join(dist, 'tx-builder/index.html'), '<!doctype html><title>builder</title>');
  writeFileSync(join(dist, 'tx-builder/icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets/app-1234.js'), 'export {};');
  // A file next to the build, which must never be served.
  writeFileSync(join(root, 'secret.txt'), 'secret');
  server = await startDemoAppsServer({ port: 0, distDir: dist });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
  rmSync(join(dist, '..'), { recursive: true, force: true });
});

describe('the demo apps server', () => {
  it('reports its apps at localhost (another site than 127.0.0.1), bound to 127.0.0.1', () => {
    expect(server.url).toBe(`http://localhost:${server.port}`);
    expect(defaultPublicHostname('localhost')).toBe('127.0.0.1');
    expect(defaultPublicHostname('::1')).toBe('[::1]');
  });

  it('serves an app at its folder, with its policy, and redirects the bare path to it', async () => {
    const page = await fetch(`${base}/tx-builder/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(demoAppsCsp);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('builder');
    const bare = await fetch(`${base}/tx-builder`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/tx-builder/');
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('serves each app’s manifest, readable from any origin, as the catalogue describes the app', async () => {
    const response = await fetch(`${base}/tx-builder/manifest.json`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const manifest = (await response.json()) as { name: string; description: string; iconPath: string };
    const [listed] = demoAppsCatalogue(server.url, ['1337']);
    expect(manifest).toMatchObject({
      name: listed!.name,
      description: listed!.description,
      iconPath: 'icon.svg',
    });
    const icon = await fetch(`${base}/tx-builder/icon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('never reads outside its build, and answers only GET and HEAD', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/tx-builder/..%2f..%2fsecret.txt', '/%00']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('secret');
    }
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('lists the two demo apps for the chains given, not the test app', () => {
    const listed = demoAppsCatalogue('http://localhost:5190/', ['1337']);
    expect(listed.map((app) => app.url)).toEqual([
      'http://localhost:5190/tx-builder/',
      'http://localhost:5190/signer/',
    ]);
    expect(listed.every((app) => app.chainIds.join() === '1337')).toBe(true);
    expect(new Set(demoApps.map((app) => app.id)).size).toBe(demoApps.length);
  });

  it('refuses to start without a build', async () => {
    await expect(startDemoAppsServer({ port: 0, distDir: join(dist, 'missing') })).rejects.toThrow(
      'not built',
    );
  });
});
