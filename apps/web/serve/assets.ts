import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Transform } from 'node:stream';
import {
  brotliCompress,
  constants as zlibConstants,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';
import { getMimeType } from 'hono/utils/mime';

export type Encoding = 'br' | 'gzip';

type Asset = {
  body: Uint8Array;
  type: string;
  /** Compressed forms, made on first demand (scripts, styles and other text only). */
  encoded: Partial<Record<Encoding, Promise<Uint8Array>>>;
  /** Its Subresource Integrity value (`sha384-…`), made on first demand. */
  integrity?: string;
};

export type AssetAnswer = { body: Uint8Array; type: string; encoding: Encoding | undefined };

/** A built file's name: hashed by Vite, in assets/ itself (no folders, nothing relative). */
const ASSET_NAME = /^[\w.-]+$/;
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;
/** Smaller files gain less than the header costs. */
const MIN_COMPRESSED_BYTES = 1024;

/** Whether a body of this type and size is sent compressed (text only: images come compressed). */
export const worthCompressing = (type: string, byteLength: number): boolean =>
  COMPRESSIBLE.test(type) && byteLength >= MIN_COMPRESSED_BYTES;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli at quality 5 of 11: about gzip's best ratio in a few tens of milliseconds for the largest
 * script, and about a millisecond for a rendered page, so a page can be compressed as it is sent.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/** `body` in `encoding`, off the event loop (zlib works on libuv's thread pool). */
export const compress: Record<Encoding, (body: Uint8Array) => Promise<Uint8Array>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: GZIP_LEVEL }),
};

/**
 * A compressor for a body sent in parts (a page whose server render is still on its way), at the
 * same settings as `compress`, and how to push out what it holds so far: the browser reads the first
 * part before the rest exists.
 */
export function compressingStream(encoding: Encoding): { stream: Transform; flush: () => void } {
  if (encoding === 'br') {
    const stream = createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
    return { stream, flush: () => stream.flush(zlibConstants.BROTLI_OPERATION_FLUSH) };
  }
  const stream = createGzip({ level: GZIP_LEVEL });
  return { stream, flush: () => stream.flush(zlibConstants.Z_SYNC_FLUSH) };
}

/**
 * The encoding to answer with for a request's Accept-Encoding: brotli where the browser takes it,
 * then gzip; none for a coding it refuses with q=0.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * The built app's hashed files, served from memory. A hashed file's content never changes under its
 * name, so each is read from disk once and, when it is text, compressed once per encoding: a first
 * visit then costs the server neither a file read nor a compression per request, and a browser
 * elsewhere on the network downloads a fraction of the bytes (the initial scripts are about a third
 * of their size in gzip).
 */
export function createAssetStore(distDir: string) {
  const assets = new Map<string, Promise<Asset | undefined>>();

  const load = (name: string): Promise<Asset | undefined> => {
    let asset = assets.get(name);
    if (asset === undefined) {
      asset = readFile(join(distDir, 'assets', name)).then(
        (body) => ({ body, type: getMimeType(name) ?? 'application/octet-stream', encoded: {} }),
        () => {
          // Missing now, maybe built later: not remembered.
          assets.delete(name);
          return undefined;
        },
      );
      assets.set(name, asset);
    }
    return asset;
  };

  return {
    /** The file `name` in assets/, compressed in `encoding` when it is worth it; undefined if there is none. */
    async get(name: string, encoding: Encoding | undefined): Promise<AssetAnswer | undefined> {
      if (!ASSET_NAME.test(name) || name.startsWith('.')) return undefined;
      const asset = await load(name);
      if (asset === undefined) return undefined;
      if (encoding === undefined || !worthCompressing(asset.type, asset.body.byteLength))
        return { body: asset.body, type: asset.type, encoding: undefined };
      asset.encoded[encoding] ??= compress[encoding](asset.body);
      return { body: await asset.encoded[encoding], type: asset.type, encoding };
    },

    /**
     * The file's Subresource Integrity value (`sha384-<base64>`) over the bytes served, as the
     * browser checks it (after any Content-Encoding is undone); undefined if there is no such file.
     */
    async integrity(name: string): Promise<string | undefined> {
      if (!ASSET_NAME.test(name) || name.startsWith('.')) return undefined;
      const asset = await load(name);
      if (asset === undefined) return undefined;
      asset.integrity ??= `sha384-${createHash('sha384').update(asset.body).digest('base64')}`;
      return asset.integrity;
    },
  };
}
