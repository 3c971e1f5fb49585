import { MAX_PAGE_SIZE, type Page } from '@countersign/gateway-api';

export type PageWindow = { limit: number; offset: number };

const defaultWindow: PageWindow = { limit: 20, offset: 0 };

/**
 * Reads `cursor`, itself a query string `limit=<n>&offset=<m>`. A missing or malformed cursor means
 * the first page of 20, as on the real gateway.
 */
export function parseCursor(cursor: string | undefined): PageWindow {
  if (!cursor) return defaultWindow;
  const params = new URLSearchParams(cursor);
  const limit = Number(params.get('limit'));
  const offset = Number(params.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit <= 0 || !Number.isInteger(offset) || offset < 0) return defaultWindow;
  return { limit: Math.min(limit, MAX_PAGE_SIZE), offset };
}

/**
 * The gateway's public origin as the client reached it: protocol from X-Forwarded-Proto when a proxy
 * set it, host from the Host header. Page links and logo URLs are built on it, as on the real gateway.
 */
export function publicOrigin(request: Request): string {
  const requested = new URL(request.url);
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const proto =
    forwarded === 'http' || forwarded === 'https' ? forwarded : requested.protocol.replace(/:$/, '');
  const host = request.headers.get('host') ?? requested.host;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    // A Host header that is not a host: the URL the request arrived at.
    return requested.origin;
  }
}

/** The absolute URL of another window: the request's own URL with only `cursor` replaced. */
export function pageUrl(request: Request, window: PageWindow): string {
  const requested = new URL(request.url);
  // Rebuilt from scratch: assigning URL.host without a port would keep the old one.
  const url = new URL(`${requested.pathname}${requested.search}`, publicOrigin(request));
  url.searchParams.set('cursor', `limit=${window.limit}&offset=${window.offset}`);
  return url.toString();
}

/** A page of `items` out of `total`, with next/previous links built from the request. */
export function toPage<T>(request: Request, window: PageWindow, items: T[], total: number): Page<T> {
  const { limit, offset } = window;
  return {
    count: total,
    next: offset + limit < total ? pageUrl(request, { limit, offset: offset + limit }) : null,
    previous: offset > 0 ? pageUrl(request, { limit, offset: Math.max(0, offset - limit) }) : null,
    results: items,
  };
}
