import * as z from 'zod/mini';
import { GatewayContractError, GatewayError, GatewayTimeoutError } from './errors';
import { errorBodySchema } from './schemas/common';
import { formatIssues } from './schemas/lenient';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/** What every client method takes last. */
export type RequestOptions = { signal?: AbortSignal };

export type TransportInit = RequestOptions & {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** Sent as JSON when given. */
  body?: unknown;
  credentials?: RequestInit['credentials'];
  keepalive?: boolean;
};

/** One request to the gateway, its answer checked against `schema`. */
export type Transport = {
  readonly baseUrl: string;
  /**
   * `pathOrUrl` is a path under the base URL (`/v1/chains`), or an absolute URL fetched as it is
   * (a page's `next`); `init.query` is added to either.
   */
  request<T extends z.core.$ZodType>(
    pathOrUrl: string,
    schema: T,
    init?: TransportInit,
  ): Promise<z.output<T>>;
};

/** Joins the base URL, the path and the query; null and undefined query values are left out. */
export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const url = new URL(isAbsoluteUrl(path) ? path : baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    url.searchParams.set(key, String(value));
  }
  return url.toString();
}

const isAbsoluteUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * A path with each interpolated value URL-encoded as one segment:
 * path`/v1/chains/${chainId}/safes/${safe}`.
 */
export function path(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce(
    (out, part, i) => out + part + (i < values.length ? encodeURIComponent(String(values[i])) : ''),
    '',
  );
}

/**
 * The `cursor` of a page link (`next` or `previous`), e.g. `limit=20&offset=20`; null for no link or
 * a link without one. Pass it back as a list method's `cursor` to fetch that page from the configured
 * base URL rather than from the host the link names.
 */
export function cursorOf(pageUrl: string | null | undefined): string | null {
  if (!pageUrl) return null;
  try {
    return new URL(pageUrl, 'http://cursor.invalid').searchParams.get('cursor');
  } catch {
    return null;
  }
}

/**
 * The most items a list may ask for in one page: the local gateway serves no more, and the Safe
 * Client Gateway's transaction service accepts as many.
 */
export const MAX_PAGE_SIZE = 100;

/**
 * The same `limit=<n>&offset=<m>` cursor asking for `size` items instead of `n`: both gateways page
 * this way, so a list can start with a small first page and read on in larger ones. A cursor of
 * another form is returned as it is.
 */
export function withPageSize(cursor: string, size: number): string {
  const params = new URLSearchParams(cursor);
  if (!/^\d+$/.test(params.get('limit') ?? '') || !/^\d+$/.test(params.get('offset') ?? '')) return cursor;
  params.set('limit', String(size));
  return params.toString();
}

/**
 * Reads an answer the way the specification says: a non-OK answer throws "{code}: {message}" when the
 * body has both, else the status text; a non-empty body that is not JSON throws
 * "Invalid response content: {status text}". An empty body reads as undefined.
 */
export async function readResponse(response: Response): Promise<unknown> {
  const text = await response.text();
  let body: unknown = undefined;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new GatewayError(`Invalid response content: ${response.statusText}`, response.status, text);
    }
  }
  if (!response.ok) {
    const parsed = z.safeParse(errorBodySchema, body);
    if (parsed.success && parsed.data.code !== undefined) {
      throw new GatewayError(`${parsed.data.code}: ${parsed.data.message}`, response.status, body);
    }
    throw new GatewayError(response.statusText, response.status, body);
  }
  return body;
}

export type TransportOptions = {
  baseUrl: string;
  fetch?: typeof fetch;
  /** How long a write (POST, PUT, DELETE) may wait for its answer: 20 s unless set. */
  writeTimeoutMs?: number;
};

/** Reads are cancelled by their callers (a view left); a write has no such caller, so it times out. */
export const DEFAULT_WRITE_TIMEOUT_MS = 20_000;

/** The transport every resource shares: JSON in, JSON out, answers checked against their schema. */
export function createTransport(options: TransportOptions): Transport {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  return {
    baseUrl: options.baseUrl,
    async request(pathOrUrl, schema, init = {}) {
      const url = buildUrl(options.baseUrl, pathOrUrl, init.query);
      const hasBody = init.body !== undefined;
      const method = init.method ?? 'GET';
      const timeoutMs = options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
      const timeout = method === 'GET' ? undefined : AbortSignal.timeout(timeoutMs);
      const signal =
        timeout && init.signal ? AbortSignal.any([init.signal, timeout]) : (timeout ?? init.signal);
      let body: unknown;
      try {
        const response = await fetchFn(url, {
          method,
          headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
          body: hasBody ? JSON.stringify(init.body) : undefined,
          credentials: init.credentials,
          signal,
          keepalive: init.keepalive,
        });
        body = await readResponse(response);
      } catch (error) {
        if (timeout?.aborted && !init.signal?.aborted) throw new GatewayTimeoutError(timeoutMs);
        throw error;
      }
      const parsed = z.safeParse(schema, body);
      if (!parsed.success) throw new GatewayContractError(url, formatIssues(parsed.error.issues));
      return parsed.data;
    },
  };
}
