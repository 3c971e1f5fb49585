import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { SafeAppConfig } from '@countersign/gateway-api';
import type { ChainRegistry } from './chains/registry';
import { defaultMaxBodyBytes, limitBodies } from './http/bodyLimit';
import { errorResponse, notFound } from './http/errors';
import { DatabaseBuckets } from './http/databaseBuckets';
import { callerKey, defaultRateLimits, rateLimit, TokenBuckets, type RateLimits } from './http/rateLimit';
import { defaultMaxConcurrentRequests, limitConcurrency } from './http/concurrency';
import { defaultRequestLimits, requestDeadline, type RequestLimits } from './http/requestScope';
import type { PriceSource } from './assets/prices';
import { SafeAppCatalogue } from './safeApps';
import { SafeInfoCache } from './safes/safeInfoCache';
import { accountRoutes } from './routes/accounts';
import { assetRoutes } from './routes/assets';
import { authRoutes } from './routes/auth';
import { chainRoutes } from './routes/chains';
import { messageRoutes } from './routes/messages';
import { proposalRoutes } from './routes/proposals';
import { safeRoutes } from './routes/safes';
import { transactionRoutes } from './routes/transactions';
import type { Database } from './store';
import type { SafeTracker } from './safes/safeTracker';
import { testControlRoutes } from './routes/testControl';
import type { StackSnapshots } from './testControl/snapshots';
import { gatewayMetrics, type GatewayMetrics } from './ops/gatewayMetrics';
import { gatewayLog, type GatewayLog } from './ops/log';
import { prometheusContentType } from './ops/metrics';
import { observeRequests } from './ops/observeRequests';
import { checkReadiness, type Readiness } from './ops/readiness';

export type GatewayAppOptions = {
  chains: ChainRegistry;
  db: Database;
  prices: PriceSource;
  /** The secret that signs session cookies. */
  sessionKey: string;
  /** The Safe Apps catalogue this gateway lists. */
  safeApps?: readonly SafeAppConfig[];
  /** Shared with the indexers, which drop entries for the Safes they touch. */
  safeInfoCache?: SafeInfoCache;
  /** Origins allowed to call with credentials (the web app); '*' reflects any origin. */
  corsOrigins: readonly string[];
  /** Told of each Safe somebody asks about, so that the indexer follows it (see Indexer.track). */
  trackSafe?: SafeTracker;
  /** Test-only snapshot routes (end-to-end tests on a local chain); absent in any real deployment. */
  snapshots?: StackSnapshots;
  /** What GET /health answers (the indexers' states, see gatewayHealth); just `ok` without it. */
  health?: () => object;
  /** The largest request body taken, in bytes (defaultMaxBodyBytes). */
  maxBodyBytes?: number;
  /**
   * Requests per client per class of request (defaultRateLimits); a null class is not limited. On
   * PostgreSQL the buckets are kept in the database, so each limit holds across all replicas.
   */
  rateLimits?: Partial<RateLimits>;
  /** Peers whose X-Forwarded-For names the client (a reverse proxy); nobody else's is believed. */
  trustedProxies?: readonly string[];
  /** Rate limits count an IPv6 client by this prefix of its address (64 by default: a subscriber's /64). */
  rateLimitIpv6Prefix?: number;
  /** The deadline of each request and the bounds of the chain calls made for it (defaultRequestLimits). */
  requestLimits?: Partial<RequestLimits>;
  /** Requests answered at once by this replica; more are answered 503 (defaultMaxConcurrentRequests). */
  maxConcurrentRequests?: number;
  /** Marks the session cookie Secure: set when a TLS proxy serves the gateway over https. */
  secureCookies?: boolean;
  /**
   * What GET /metrics serves (gatewayMetrics); false turns the route and the counting off. Without
   * it the app keeps request metrics and the database pool's of its own.
   */
  metrics?: GatewayMetrics | false;
  /** Where log lines go and in which format (text by default: no line per request). */
  log?: GatewayLog;
  /** What GET /readyz asks; without it, whether the database answers `SELECT 1` within a second. */
  readiness?: () => Promise<Readiness>;
};

/** The gateway as a Hono app: everything it needs is passed in, so a test builds one in a line. */
export function createGatewayApp(options: GatewayAppOptions) {
  const { chains, db, prices, sessionKey } = options;
  const safeInfoCache = options.safeInfoCache ?? new SafeInfoCache();
  const safeApps = new SafeAppCatalogue(options.safeApps ?? []);
  const trackSafe: SafeTracker = options.trackSafe ?? (() => undefined);
  const allowAny = options.corsOrigins.includes('*');
  // strict: false makes `/path/` and `/path` the same route, as on the real gateway (ignoreTrailingSlash).
  const app = new Hono({ strict: false });
  const log = options.log ?? gatewayLog('text');
  const metrics = options.metrics === false ? undefined : (options.metrics ?? gatewayMetrics({ db }));
  // First, so that the time counted includes every other middleware.
  app.use('*', observeRequests({ metrics, log }));
  app.use(
    '*',
    cors({
      origin: (origin) => (allowAny || options.corsOrigins.includes(origin) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    }),
  );
  const limitRate = rateLimit({
    limits: { ...defaultRateLimits, ...options.rateLimits },
    trustedProxies: options.trustedProxies ?? [],
    ipv6PrefixBits: options.rateLimitIpv6Prefix,
    // On PostgreSQL any number of replicas may serve: they share the buckets through it (issue 26).
    buckets: db.kind === 'postgres' ? new DatabaseBuckets(db) : new TokenBuckets(),
  });
  // The cheapest refusals first: a busy replica, an oversized body (before it costs a bucket's
  // database row), a client over its limit; only then does a request get its deadline and run.
  app.use('*', limitConcurrency(options.maxConcurrentRequests ?? defaultMaxConcurrentRequests));
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', limitBodies(options.maxBodyBytes ?? defaultMaxBodyBytes));
  app.use('*', limitRate);
  app.use(
    '*',
    requestDeadline(
      { ...defaultRequestLimits, ...options.requestLimits },
      callerKey(options.trustedProxies ?? [], options.rateLimitIpv6Prefix),
    ),
  );
  app.use('*', async (c, next) => {
    await next();
    // Every answer is fresh on each request, as on the real gateway; the token icons say otherwise.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache');
  });
  app.get('/health', (c) => c.json(options.health?.() ?? { status: 'ok' }));
  // For orchestrators: /livez says the process answers; /readyz whether to send it traffic.
  app.get('/livez', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const readiness = await (options.readiness?.() ?? checkReadiness('ready', db));
    return readiness.ready
      ? c.json({ status: 'ready' })
      : c.json({ status: 'not-ready', reason: readiness.reason }, 503);
  });
  if (metrics) {
    app.get('/metrics', (c) =>
      c.body(metrics.registry.render(), 200, { 'Content-Type': prometheusContentType }),
    );
  }
  app.route('/', chainRoutes(chains));
  app.route('/', safeRoutes(chains, db, safeInfoCache, trackSafe));
  app.route('/', transactionRoutes(chains, db, safeApps, trackSafe, safeInfoCache));
  app.route('/', proposalRoutes(chains, db, safeInfoCache, safeApps));
  app.route('/', assetRoutes(chains, db, prices));
  app.route('/', messageRoutes(chains, db, safeInfoCache));
  app.route(
    '/',
    authRoutes(chains, db, sessionKey, {
      webOrigins: options.corsOrigins,
      secureCookies: options.secureCookies ?? false,
    }),
  );
  app.route('/', accountRoutes(chains, db, safeApps));
  if (options.snapshots) app.route('/', testControlRoutes(options.snapshots));
  app.notFound((c) => errorResponse(notFound('Not found'), c));
  // The JSON request log carries unhandled errors itself, as JSON.
  app.onError((error, c) => errorResponse(error, c, { logUnhandled: log.format !== 'json' }));
  return app;
}
