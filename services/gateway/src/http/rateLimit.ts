import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { defaultIpv6PrefixBits, networkKey } from './clientNetwork';

/** At most `limit` requests per `windowMs`, refilled evenly: a token bucket of `limit` tokens. */
export type RateLimit = { limit: number; windowMs: number };

/** Each class of request has its own bucket per client; null turns that class's limit off. */
export type RateLimits = {
  /** POST, PUT and DELETE: everything that may store something or cost a chain call. */
  writes: RateLimit | null;
  /** GET /v1/auth/nonce, which stores a nonce for each call. */
  authNonces: RateLimit | null;
};

/**
 * Generous on purpose: the web app, the devnet seeding and the end-to-end tests all write from one
 * address, and a person clicking never comes near. What they stop is a script writing without end.
 */
export const defaultRateLimits: { writes: RateLimit; authNonces: RateLimit } = {
  writes: { limit: 600, windowMs: 60_000 },
  authNonces: { limit: 120, windowMs: 60_000 },
};

/** The key of requests that came without a socket (app.request() in tests): all share one bucket. */
export const noSocketClient = 'no-socket';

/** Buckets untouched this long are full again, so they can be forgotten. */
export const forgetAfterMs = 10 * 60_000;
/** Past this many buckets, full ones are dropped, so many clients cannot grow the map without end. */
const sweepAbove = 10_000;

type Bucket = { tokens: number; updatedAt: number };

/**
 * Where the buckets are kept: in this process (TokenBuckets), or in the database so that every
 * replica on it draws on the same bucket (DatabaseBuckets).
 */
export type BucketStore = {
  /** Takes a token: 0 when there was one, else the milliseconds until there is. */
  take(key: string, rate: RateLimit): number | Promise<number>;
};

/** Token buckets keyed by client and class, in memory: one process's. */
export class TokenBuckets implements BucketStore {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes a token: 0 when there was one, else the milliseconds until there is. */
  take(key: string, rate: RateLimit): number {
    const now = this.now();
    const perMs = rate.limit / rate.windowMs;
    const bucket = this.buckets.get(key) ?? { tokens: rate.limit, updatedAt: now };
    bucket.tokens = Math.min(rate.limit, bucket.tokens + (now - bucket.updatedAt) * perMs);
    bucket.updatedAt = now;
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= sweepAbove) this.sweep(now);
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / perMs);
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.updatedAt > forgetAfterMs) this.buckets.delete(key);
    }
  }
}

/** "::ffff:10.0.0.1" and "10.0.0.1" are the same peer. */
const plainAddress = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * Who is asking: the socket's peer. A peer that is one of `trustedProxies` speaks for somebody else,
 * named in X-Forwarded-For: the nearest address there that is not itself a trusted proxy (anything
 * further left was written by the client and proves nothing). Without a socket, one fixed key.
 */
export function clientKey(c: Context, trustedProxies: readonly string[]): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No Node socket: a request handed to app.request() or app.fetch() directly.
  }
  if (!peer) return noSocketClient;
  peer = plainAddress(peer);
  if (!trustedProxies.includes(peer)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(plainAddress).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop && !trustedProxies.includes(hop)) return hop;
  }
  return peer;
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Which bucket a request draws on, if any. */
function requestClass(c: Context): keyof RateLimits | null {
  if (c.req.method === 'GET' && c.req.path.replace(/\/$/, '') === '/v1/auth/nonce') return 'authNonces';
  // The test-only snapshot routes are the test runner's, not a client's.
  if (writeMethods.has(c.req.method) && !c.req.path.startsWith('/__test/')) return 'writes';
  return null;
}

/** Answers 429, with Retry-After in seconds, once a client has used up its bucket for the request's class. */
export function rateLimit(options: {
  limits: RateLimits;
  trustedProxies: readonly string[];
  buckets?: BucketStore;
  /** IPv6 clients are counted by this prefix of their address (a /64 by default). */
  ipv6PrefixBits?: number;
}): MiddlewareHandler {
  const prefix = options.ipv6PrefixBits ?? defaultIpv6PrefixBits;
  const buckets = options.buckets ?? new TokenBuckets();
  const proxies = options.trustedProxies.map(plainAddress);
  return async (c, next) => {
    const kind = requestClass(c);
    const limit = kind ? options.limits[kind] : null;
    if (!kind || !limit) return next();
    const waitMs = await buckets.take(`${kind} ${networkKey(clientKey(c, proxies), prefix)}`, limit);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      return c.json(
        {
          statusCode: 429,
          code: 429,
          message: `Too many requests: try again in ${seconds} s`,
          error: 'Too Many Requests',
        },
        429,
        { 'Retry-After': String(seconds) },
      );
    }
    return next();
  };
}
