import type { z } from 'zod';
import { errorBodySchema, pageSchema } from './schemas/common';
import { chainInfoSchema } from './schemas/chains';
import { masterCopiesSchema, safeInfoSchema } from './schemas/safes';
import { estimationSchema, safeNoncesSchema, type ProposeTransactionBody } from './schemas/proposals';
import { transactionDetailsSchema, transactionListItemSchema } from './schemas/transactions';
import { ownedSafesSchema } from './schemas/assets';
import { authNonceSchema, authSessionSchema } from './schemas/auth';
import { safeMessageListItemSchema, safeMessageSchema, type ProposeMessageBody } from './schemas/messages';
import { z as zod } from 'zod';
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
  keepalive?: boolean;
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
      keepalive: init.keepalive,
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
  const listPage = pageSchema(transactionListItemSchema);
  const safePath = (chainId: string, safe: string) => `/v1/chains/${seg(chainId)}/safes/${seg(safe)}`;
  /** A list endpoint: the first page by path and query, or any other page by its full URL. */
  const list = (path: string, query: Query, pageUrl?: string, signal?: AbortSignal) =>
    pageUrl ? requestUrl(pageUrl, listPage, { signal }) : request(path, listPage, { query, signal });
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
    getTransactionHistory: (
      chainId: string,
      safe: string,
      query: Query = {},
      pageUrl?: string,
      signal?: AbortSignal,
    ) => list(`${safePath(chainId, safe)}/transactions/history`, query, pageUrl, signal),
    getTransactionQueue: (
      chainId: string,
      safe: string,
      query: Query = {},
      pageUrl?: string,
      signal?: AbortSignal,
    ) => list(`${safePath(chainId, safe)}/transactions/queued`, query, pageUrl, signal),
    getMultisigTransactions: (
      chainId: string,
      safe: string,
      query: Query = {},
      pageUrl?: string,
      signal?: AbortSignal,
    ) => list(`${safePath(chainId, safe)}/multisig-transactions/`, query, pageUrl, signal),
    getModuleTransactions: (
      chainId: string,
      safe: string,
      query: Query = {},
      pageUrl?: string,
      signal?: AbortSignal,
    ) => list(`${safePath(chainId, safe)}/module-transactions/`, query, pageUrl, signal),
    getIncomingTransfers: (
      chainId: string,
      safe: string,
      query: Query = {},
      pageUrl?: string,
      signal?: AbortSignal,
    ) => list(`${safePath(chainId, safe)}/incoming-transfers/`, query, pageUrl, signal),
    getTransactionDetails: (chainId: string, id: string, signal?: AbortSignal) =>
      request(`/v1/chains/${seg(chainId)}/transactions/${seg(id)}`, transactionDetailsSchema, { signal }),
    getNonces: (chainId: string, safe: string, signal?: AbortSignal) =>
      request(`${safePath(chainId, safe)}/nonces`, safeNoncesSchema, { signal }),
    postSafeGasEstimation: (
      chainId: string,
      safe: string,
      body: { to: string; value: string; data: string | null; operation: 0 | 1 },
    ) =>
      request(
        `/v2/chains/${seg(chainId)}/safes/${seg(safe)}/multisig-transactions/estimations`,
        estimationSchema,
        {
          method: 'POST',
          body,
        },
      ),
    getSafeMessages: (chainId: string, safe: string, pageUrl?: string, signal?: AbortSignal) =>
      pageUrl
        ? requestUrl(pageUrl, pageSchema(safeMessageListItemSchema), { signal })
        : request(`${safePath(chainId, safe)}/messages`, pageSchema(safeMessageListItemSchema), { signal }),
    getSafeMessage: (chainId: string, messageHash: string, signal?: AbortSignal) =>
      request(`/v1/chains/${seg(chainId)}/messages/${seg(messageHash)}`, safeMessageSchema, { signal }),
    /** Answers 202 with no body; poll getSafeMessage for the result. */
    proposeSafeMessage: async (chainId: string, safe: string, body: ProposeMessageBody): Promise<void> => {
      await request(`${safePath(chainId, safe)}/messages`, zod.unknown(), { method: 'POST', body });
    },
    confirmSafeMessage: async (
      chainId: string,
      messageHash: string,
      body: { signature: string },
    ): Promise<void> => {
      await request(`/v1/chains/${seg(chainId)}/messages/${seg(messageHash)}/signatures`, zod.unknown(), {
        method: 'POST',
        body,
      });
    },
    getOwnedSafes: (chainId: string, owner: string, signal?: AbortSignal) =>
      request(`/v1/chains/${seg(chainId)}/owners/${seg(owner)}/safes`, ownedSafesSchema, { signal }),
    // The session is an HttpOnly cookie the gateway sets, so these requests carry credentials.
    getAuthNonce: (signal?: AbortSignal) =>
      request('/v1/auth/nonce', authNonceSchema, { credentials: 'include', signal }),
    verifyAuth: async (body: { message: string; signature: string }): Promise<void> => {
      await request('/v1/auth/verify', zod.unknown(), { method: 'POST', body, credentials: 'include' });
    },
    getAuthSession: (signal?: AbortSignal) =>
      request('/v1/auth/me', authSessionSchema, { credentials: 'include', signal }),
    // keepalive: a Disconnect just before the tab closes still reaches the gateway and drops the cookie.
    logout: async (): Promise<void> => {
      await request('/v1/auth/logout', zod.unknown(), {
        method: 'POST',
        credentials: 'include',
        keepalive: true,
      });
    },
    proposeTransaction: (chainId: string, safe: string, body: ProposeTransactionBody) =>
      request(`/v1/chains/${seg(chainId)}/transactions/${seg(safe)}/propose`, transactionDetailsSchema, {
        method: 'POST',
        body,
      }),
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;

function formatIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  return `${where}: ${issue.message}`;
}
