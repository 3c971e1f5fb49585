import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MANIFEST_BYTES, manifestUrlOf, readAppManifest } from './appManifest';

let server: Server;
let base: string;

beforeAll(async () => {
  // A Safe App's site on loopback: a manifest, a redirect, a huge file, something that is not JSON.
  server = createServer((request, response) => {
    const path = request.url ?? '';
    if (path === '/tool/manifest.json') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ name: 'Tool', description: 'Does things', iconPath: 'logo.svg' }));
    } else if (path === '/moved/manifest.json') {
      response.writeHead(302, { location: '/tool/manifest.json' }).end();
    } else if (path === '/huge/manifest.json') {
      response.end(`{"name":"${'x'.repeat(MAX_MANIFEST_BYTES)}"}`);
    } else if (path === '/html/manifest.json') {
      response.end('<html>not json</html>');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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

  it('is read and handed on as JSON', async () => {
    expect(await readAppManifest(`${base}/tool?x=1`)).toEqual({
      status: 200,
      json: { name: 'Tool', description: 'Does things', iconPath: 'logo.svg' },
    });
  });

  it('answers with a status, never an exception, for what cannot be read', async () => {
    expect(await readAppManifest(undefined)).toMatchObject({ status: 400 });
    expect(await readAppManifest('file:///etc/passwd')).toMatchObject({ status: 400 });
    expect(await readAppManifest(`${base}/none`)).toMatchObject({ status: 404 });
    expect(await readAppManifest(`${base}/moved`)).toMatchObject({ status: 502 });
    expect(await readAppManifest(`${base}/huge`)).toMatchObject({ status: 502 });
    expect(await readAppManifest(`${base}/html`)).toMatchObject({
      status: 502,
      message: 'The app’s manifest is not JSON.',
    });
    expect(await readAppManifest('http://127.0.0.1:9/app')).toMatchObject({ status: 502 });
  });
});
