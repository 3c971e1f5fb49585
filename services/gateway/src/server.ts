import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SafeAppConfig } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { createGatewayApp, type GatewayAppOptions } from './app';
import { PriceApi, type PriceApiOptions } from './assets/priceApi';
import { ChainPriceSource, exampleFiatPerUsd } from './assets/prices';
import { sessionKey } from './auth/sessionKey';
import { SafeInfoCache } from './safes/safeInfoCache';
import type { ChainConfig } from './chains/chainConfig';
import { ChainRegistry } from './chains/registry';
import { FollowedChain } from './indexer/followedChain';
import { gatewayHealth, type ChainIndexing } from './indexer/health';
import { Indexer } from './indexer/indexer';
import { Replicas } from './indexer/replicas';
import { closeServer, defaultShutdownGraceMs } from './ops/closeServer';
import { gatewayMetrics } from './ops/gatewayMetrics';
import { gatewayLog, type LogFormat } from './ops/log';
import { checkReadiness, type Phase } from './ops/readiness';
import { openDatabase, type Database, type StoreOptions } from './store';
import { stackSnapshots } from './testControl/snapshots';

export type GatewayOptions = {
  chains: readonly ChainConfig[];
  /** Origins allowed to call with credentials (the web app); '*' reflects any origin. */
  corsOrigins: readonly string[];
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Where the gateway keeps its data: PostgreSQL (databaseUrl) or the embedded database (dataDir, else memory). */
  store?: StoreOptions;
  /**
   * Fiat code → units per USD, for balances; it alone decides when given. Without it: the price
   * API's rates when one is configured, else the devnet's example rates (exampleFiatPerUsd).
   */
  fiatPerUsd?: Record<string, string>;
  /** The price API asked for what neither a fixed price nor a feed prices (see assets/priceApi.ts). */
  priceApi?: PriceApiOptions;
  /** The secret for session cookies; made once and kept in the database when not given. */
  sessionSecret?: string;
  /** The Safe Apps catalogue to list. */
  safeApps?: readonly SafeAppConfig[];
  /**
   * Test-only: serves /__test/snapshots to snapshot and restore the chain (anvil) and the store
   * together, for end-to-end tests that change state.
   */
  testControl?: boolean;
  /** Serves GET /metrics (true by default; GATEWAY_METRICS=off). */
  metrics?: boolean;
  /** `json` writes one JSON line per request and JSON log lines (LOG_FORMAT=json); `text` by default. */
  logFormat?: LogFormat;
  /** How long close() lets requests in flight finish before it cuts their connections (10 s). */
  shutdownGraceMs?: number;
} & Pick<
  GatewayAppOptions,
  | 'maxBodyBytes'
  | 'rateLimits'
  | 'trustedProxies'
  | 'rateLimitIpv6Prefix'
  | 'secureCookies'
  | 'requestLimits'
  | 'maxConcurrentRequests'
>;

export type Gateway = {
  url: string;
  port: number;
  /** The chains this replica indexes (on PostgreSQL, those whose lease it holds; see Replicas). */
  indexers: Map<string, Indexer>;
  /**
   * A graceful stop: /readyz turns 503, no new connection is taken, the requests in flight finish
   * (up to shutdownGraceMs), the indexers finish their pass and stop, then the store is closed.
   */
  close(): Promise<void>;
};

/**
 * What the server answers before the store is open and migrated: /livez (the process is up) and
 * /readyz (not yet, and why), so that an orchestrator does not kill a replica waiting for another's
 * migration; anything else is 503.
 */
function bootFetch(phase: () => Phase) {
  return (request: Request): Response => {
    const path = new URL(request.url).pathname;
    if (path === '/livez') return Response.json({ status: 'ok' });
    if (path === '/readyz') return Response.json({ status: 'not-ready', reason: phase() }, { status: 503 });
    return Response.json({ code: 503, message: 'Service unavailable' }, { status: 503 });
  };
}

/**
 * Gives up the indexing leases (issue 26: one replica indexes a chain at a time) on shutdown: after
 * the indexers stopped, before the store closes, so that another replica takes over at its next try.
 */
async function releaseIndexingLease(replicas: Replicas | undefined): Promise<void> {
  await replicas?.release();
}

/**
 * Serves HTTP on `host` (loopback by default): /livez and /readyz at once, the API once the store
 * is open and migrated, with one indexer per chain started. close() stops all three, gracefully.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const log = gatewayLog(options.logFormat ?? 'text');
  let phase: Phase = 'opening';
  // Listening first: /livez and /readyz answer while the store opens and migrates (a replica may
  // wait there for another's migration); the API is served once everything is ready.
  let serveApi: ((request: Request, env: unknown) => Response | Promise<Response>) | undefined;
  const boot = bootFetch(() => phase);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        // `env` carries the Node socket: without it every client would be one to the rate limits.
        fetch: (request, env) => (serveApi ? serveApi(request, env) : boot(request)),
        hostname: host,
        port: options.port ?? 0,
      },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  const graceMs = options.shutdownGraceMs ?? defaultShutdownGraceMs;
  let db: Database;
  try {
    db = await openDatabase(options.store, {
      migrating: () => {
        phase = 'migrating';
      },
    });
  } catch (error) {
    await closeServer(server, 0);
    throw error;
  }
  phase = 'starting';
  const chains = new ChainRegistry(options.chains);
  const safeInfoCache = new SafeInfoCache();
  const indexers = new Map<string, Indexer>();
  // What /health and /metrics show of each chain: its indexer, or the store's view where another
  // replica indexes it.
  const chainStates = new Map<string, ChainIndexing>();
  const followers = new Map(
    options.chains.map((chain) => [chain.chainId, new FollowedChain(db, chain.chainId)]),
  );
  const follow = (chainId: string) => {
    const follower = followers.get(chainId);
    if (!follower) return;
    chainStates.set(chainId, follower);
    void follower.refresh();
  };
  // On PostgreSQL, any number of replicas may share the store: each chain is indexed by one of them.
  const replicas =
    db.kind === 'postgres'
      ? new Replicas({
          db,
          chainIds: options.chains.map((chain) => chain.chainId),
          lead: (chainId) => {
            const chain = chains.get(chainId);
            if (chain && phase !== 'stopping' && !paused) startIndexer(chain);
          },
          lose: async (chainId) => {
            const indexer = indexers.get(chainId);
            indexers.delete(chainId);
            follow(chainId);
            await indexer?.stop();
          },
          indexed: (chainId) => {
            safeInfoCache.invalidateChain(chainId);
            void followers.get(chainId)?.refresh();
          },
          track: (chainId, safe) => indexers.get(chainId)?.track(safe),
          log: (message) => log.info(message),
        })
      : undefined;
  let paused = false;
  // An indexer per chain; made again after a snapshot is restored, so nothing it learnt survives it.
  const startIndexer = (chain: ReturnType<ChainRegistry['all']>[number]) => {
    const indexer = new Indexer({
      db,
      client: chain.client,
      chainId: chain.config.chainId,
      factories: chain.config.indexer.factories as Address[],
      singletons: chain.config.masterCopies.map((copy) => copy.address as Address),
      startBlock: BigInt(chain.config.indexer.startBlock),
      pollIntervalMs: chain.config.indexer.pollIntervalMs,
      ...(chain.config.indexer.maxBlocksPerQuery === undefined
        ? {}
        : { batchSize: BigInt(chain.config.indexer.maxBlocksPerQuery) }),
      trustedTokens: chain.config.trustedTokens as Address[],
      log: (message) => log.info(message),
      onSafesChanged: (safes) => safeInfoCache.invalidate(chain.config.chainId, safes),
      announce: replicas?.announcer(chain.config.chainId),
    });
    indexer.start();
    indexers.set(chain.config.chainId, indexer);
    chainStates.set(chain.config.chainId, indexer);
  };
  // Where this replica does not hold a chain's lease (always the case before the first try).
  const startOwnIndexers = () => {
    for (const chain of chains.all()) {
      if (replicas && !replicas.holds(chain.config.chainId)) follow(chain.config.chainId);
      else startIndexer(chain);
    }
  };
  const stopIndexers = () => Promise.all([...indexers.values()].map((indexer) => indexer.stop()));
  const snapshots = options.testControl
    ? stackSnapshots(db, chains, {
        pause: async () => {
          paused = true;
          await stopIndexers();
        },
        resume: () => {
          paused = false;
          startOwnIndexers();
        },
        forget: () => {
          safeInfoCache.clear();
        },
      })
    : undefined;

  const priceApi = options.priceApi && new PriceApi(options.priceApi);
  const prices = new ChainPriceSource(chains, {
    fiatPerUsd: options.fiatPerUsd ?? (priceApi ? undefined : exampleFiatPerUsd),
    api: priceApi,
  });
  const eventLoopDelay = monitorEventLoopDelay({ resolution: 10 });
  eventLoopDelay.enable();
  try {
    const app = createGatewayApp({
      chains,
      db,
      prices,
      sessionKey: await sessionKey(db, options.sessionSecret),
      corsOrigins: options.corsOrigins,
      safeApps: options.safeApps,
      safeInfoCache,
      trackSafe: (chainId, safe) => {
        const indexer = indexers.get(chainId);
        if (indexer) indexer.track(safe);
        else
          replicas
            ?.askToTrack(chainId, safe)
            .catch((error: unknown) => log.error('asking to track failed', error));
      },
      snapshots,
      health: () => gatewayHealth(chainStates),
      readiness: () => checkReadiness(phase, db),
      metrics:
        options.metrics === false ? false : gatewayMetrics({ db, indexers: chainStates, eventLoopDelay }),
      log,
      maxBodyBytes: options.maxBodyBytes,
      rateLimits: options.rateLimits,
      trustedProxies: options.trustedProxies,
      rateLimitIpv6Prefix: options.rateLimitIpv6Prefix,
      secureCookies: options.secureCookies,
      requestLimits: options.requestLimits,
      maxConcurrentRequests: options.maxConcurrentRequests,
    });
    startOwnIndexers();
    // The first try is awaited: a lone replica indexes from the moment it serves.
    await replicas?.start();
    serveApi = app.fetch;
  } catch (error) {
    eventLoopDelay.disable();
    await closeServer(server, 0);
    await stopIndexers();
    await releaseIndexingLease(replicas);
    await db.close();
    throw error;
  }
  phase = 'ready';
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    indexers,
    close() {
      // The order matters: requests still in flight may read the store, a pass writes to it, and a
      // lease must be given up while the database is still there.
      closing ??= (async () => {
        phase = 'stopping';
        await closeServer(server, graceMs);
        await stopIndexers();
        await releaseIndexingLease(replicas);
        await db.close();
        eventLoopDelay.disable();
      })();
      return closing;
    },
  };
}
