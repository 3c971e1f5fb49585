import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from './assets';
import { gatewayOnlyConfig } from './testConfig';
import { createWebApp } from './server';

const distDir = mkdtempSync(join(tmpdir(), 'countersign-assets-'));
mkdirSync(join(distDir, 'assets'));
const script = `export const words = ${JSON.stringify('countersign '.repeat(500))};\n`;
writeFileSync(join(distDir, 'assets', 'index-abc123.js'), script);
const icon = Buffer.from([0x89, 0x50, 0x4e, 0x47, ...new Array(2000).fill(7)]);
writeFileSync(join(distDir, 'assets', 'logo-abc123.png'), icon);
writeFileSync(join(distDir, 'index.html'), '<html><head></head><body></body></html>');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const app = createWebApp({
  distDir,
  config: gatewayOnlyConfig,
});
const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

describe('the built assets', () => {
  it('are sent in brotli or gzip to a browser that takes it, the same bytes once decoded', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.byteLength).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brBody).toString()).toBe(script);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('leave images as they are: they are compressed already', async () => {
    const png = await get('/assets/logo-abc123.png', 'br, gzip');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await png.arrayBuffer()).equals(icon)).toBe(true);
  });

  it('are a 404 when missing, and nothing outside assets/ is reachable through them', async () => {
    for (const path of [
      '/assets/missing-abc123.js',
      '/assets/..%2Findex.html',
      '/assets/%2E%2E%2Findex.html',
      '/assets/sub/index-abc123.js',
    ]) {
      const response = await get(path, 'br');
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe('Not found');
    }
  });
});

describe('the encoding picked from Accept-Encoding', () => {
  it('prefers brotli, then gzip, and honours a refusal with q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=0.8, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
