import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { defaultIpv6PrefixBits, networkKey } from './clientNetwork';
import { isOperationsPath, isTestControlPath } from './operationsPaths';

/** At most `limit` requests per `windowMs`, refilled evenly: a token bucket of `limit` tokens. */
export type RateLimit = { limit: number; windowMs: number };

/** Each class of request has its own bucket per client; null turns that class's limit off. */
export type RateLimits = {
  /** POST, PUT and DELETE: everything that may store something or cost a chain call. */
  writes: RateLimit | null;
  /** GET /v1/auth/nonce, which stores a nonce for each call. */
  authNonces: RateLimit | null;
  /** Every other GET, counted in each replica's memory: a read should not cost a database write. */
  reads: RateLimit | null;
};

/**
 * Generous on purpose: the web app, the devnet seeding and the end-to-end tests all write from one
 * address, and a person clicking never comes near. What they stop is a script writing without end.
 */
export const defaultRateLimits: { writes: RateLimit; authNonces: RateLimit; reads: RateLimit } = {
  writes: { limit: 600, windowMs: 60_000 },
  authNonces: { limit: 120, windowMs: 60_000 },
  // 100 a second, with a minute's worth as burst: a page polls a few a second at most.
  reads: { limit: 6_000, windowMs: 60_000 },
};

/** The key of requests that came without a socket (app.request() in tests): all share one bucket. */
export const noSocketClient = 'no-socket';

/** Buckets untouched this long are full again, so they can be forgotten. */
export const forgetAfterMs = 10 * 60_000;
/**
 * The most buckets one process keeps (about 100 bytes each): past it, the one used longest ago goes,
 * which forgives that client at worst. Keys are /64s for IPv6, so a client cannot mint them cheaply.
 */
export const defaultMaxBuckets = 100_000;

type Bucket = { tokens: number; updatedAt: number };

/**
 * Where the buckets are kept: in this process (TokenBuckets), or in the database so that every
 * replica on it draws on the same bucket (DatabaseBuckets).
 */
export type BucketStore = {
  /** Takes a token: 0 when there was one, else the milliseconds until there is. */
  take(key: string, rate: RateLimit): number | Promise<number>;
};

/**
 * Token buckets keyed by client and class, in memory: one process's. The map's order is the order of
 * last use (a take moves its bucket to the end), so the one used longest ago is the first: evicting
 * it takes constant time, whatever the number of clients.
 */
export class TokenBuckets implements BucketStore {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBuckets = defaultMaxBuckets,
  ) {}

  get size(): number {
    return this.buckets.size;
  }

  /** Takes a token: 0 when there was one, else the milliseconds until there is. */
  take(key: string, rate: RateLimit): number {
    const now = this.now();
    const perMs = rate.limit / rate.windowMs;
    const bucket = this.buckets.get(key) ?? { tokens: rate.limit, updatedAt: now };
    bucket.tokens = Math.min(rate.limit, bucket.tokens + (now - bucket.updatedAt) * perMs);
    bucket.updatedAt = now;
    if (!this.buckets.delete(key) && this.buckets.size >= this.maxBuckets) {
      const oldest = this.buckets.keys().next();
      if (!oldest.done) this.buckets.delete(oldest.value);
    }
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / perMs);
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

/** Who a limit counts a request against: the client's address, or its IPv6 network. */
export function callerKey(
  trustedProxies: readonly string[],
  ipv6PrefixBits = defaultIpv6PrefixBits,
): (c: Context) => string {
  const proxies = trustedProxies.map(plainAddress);
  return (c) => networkKey(clientKey(c, proxies), ipv6PrefixBits);
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Which bucket a request draws on, if any. */
function requestClass(c: Context): keyof RateLimits | null {
  const path = c.req.path.replace(/\/$/, '');
  if (isTestControlPath(path) || isOperationsPath(path)) return null;
  if (c.req.method === 'GET' && path === '/v1/auth/nonce') return 'authNonces';
  if (writeMethods.has(c.req.method)) return 'writes';
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return 'reads';
  return null;
}

/** Answers 429, with Retry-After in seconds, once a client has used up its bucket for the request's class. */
export function rateLimit(options: {
  limits: RateLimits;
  trustedProxies: readonly string[];
  /** Where writes and nonces are counted (shared by replicas when in the database). */
  buckets?: BucketStore;
  /** Where reads are counted: this process's memory. */
  readBuckets?: TokenBuckets;
  /** IPv6 clients are counted by this prefix of their address (a /64 by default). */
  ipv6PrefixBits?: number;
}): MiddlewareHandler {
  const buckets = options.buckets ?? new TokenBuckets();
  const readBuckets = options.readBuckets ?? new TokenBuckets();
  const callerOf = callerKey(options.trustedProxies, options.ipv6PrefixBits);
  return async (c, next) => {
    const kind = requestClass(c);
    const limit = kind ? options.limits[kind] : null;
    if (!kind || !limit) return next();
    const key = `${kind} ${callerOf(c)}`;
    const waitMs = await (kind === 'reads' ? readBuckets : buckets).take(key, limit);
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
