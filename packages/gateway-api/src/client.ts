import type { z } from 'zod';
import { errorBodySchema, pageSchema } from './schemas/common';
import { chainInfoSchema } from './schemas/chains';
import { masterCopiesSchema, safeInfoSchema } from './schemas/safes';
import { GatewayContractError, GatewayError } from './errors';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type GatewayClientOptions = {
  baseUrl: string;
  fetch?: typeof fetch;
};

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  credentials?: RequestInit['credentials'];
  signal?: AbortSignal;
};

/** Joins the base URL, the path and the query; null and undefined query values are left out. */
export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * Reads an answer the way the specification says: a non-OK answer throws "{code}: {message}" when the
 * body has both, else the status text; a non-empty body that is not JSON throws
 * "Invalid response content: {status text}".
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
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success && parsed.data.code !== undefined) {
      throw new GatewayError(`${parsed.data.code}: ${parsed.data.message}`, response.status, body);
    }
    throw new GatewayError(response.statusText, response.status, body);
  }
  return body;
}

export function createGatewayClient(options: GatewayClientOptions) {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function requestUrl<T extends z.ZodType>(
    url: string,
    schema: T,
    init: RequestOptions = {},
  ): Promise<z.output<T>> {
    const hasBody = init.body !== undefined;
    const response = await fetchFn(url, {
      method: init.method ?? 'GET',
      headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
      body: hasBody ? JSON.stringify(init.body) : undefined,
      credentials: init.credentials,
      signal: init.signal,
    });
    const body = await readResponse(response);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new GatewayContractError(url, parsed.error.issues.map(formatIssue).join('; '));
    }
    return parsed.data;
  }

  function request<T extends z.ZodType>(path: string, schema: T, init: RequestOptions = {}) {
    return requestUrl(buildUrl(options.baseUrl, path, init.query), schema, init);
  }

  const chainPage = pageSchema(chainInfoSchema);
  const seg = encodeURIComponent;

  return {
    baseUrl: options.baseUrl,
    /** Fetches a page by the full `next`/`previous` URL the gateway gave, exactly as it is. */
    getPage: <T extends z.ZodType>(url: string, itemSchema: T, signal?: AbortSignal) =>
      requestUrl(url, pageSchema(itemSchema), { signal }),
    getChains: (query: Query = {}, signal?: AbortSignal) =>
      request('/v1/chains', chainPage, { query, signal }),
    getChain: (chainId: string, signal?: AbortSignal) =>
      request(`/v1/chains/${seg(chainId)}`, chainInfoSchema, { signal }),
    getSafeInfo: (chainId: string, address: string, signal?: AbortSignal) =>
      request(`/v1/chains/${seg(chainId)}/safes/${seg(address)}`, safeInfoSchema, { signal }),
    getMasterCopies: (chainId: string, signal?: AbortSignal) =>
      request(`/v1/chains/${seg(chainId)}/about/master-copies`, masterCopiesSchema, { signal }),
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;

function formatIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  return `${where}: ${issue.message}`;
}
