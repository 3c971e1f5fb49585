import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { SafeAppConfig } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { createGatewayApp, type GatewayAppOptions } from './app';
import { defaultFiatPerUsd, StaticPriceTable } from './assets/prices';
import { sessionKey } from './auth/sessionKey';
import { SafeInfoCache } from './safes/safeInfoCache';
import type { ChainConfig } from './chains/chainConfig';
import { ChainRegistry } from './chains/registry';
import { gatewayHealth } from './indexer/health';
import { Indexer } from './indexer/indexer';
import { openDatabase, type StoreOptions } from './store';
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
  /** Fiat code → units per USD, for balances; the default table otherwise. */
  fiatPerUsd?: Record<string, string>;
  /** The secret for session cookies; made once and kept in the database when not given. */
  sessionSecret?: string;
  /** The Safe Apps catalogue to list. */
  safeApps?: readonly SafeAppConfig[];
  /**
   * Test-only: serves /__test/snapshots to snapshot and restore the chain (anvil) and the store
   * together, for end-to-end tests that change state.
   */
  testControl?: boolean;
} & Pick<GatewayAppOptions, 'maxBodyBytes' | 'rateLimits' | 'trustedProxies' | 'secureCookies'>;

export type Gateway = {
  url: string;
  port: number;
  indexers: Map<string, Indexer>;
  close(): Promise<void>;
};

/**
 * Opens the store (migrating it), starts one indexer per chain and serves the API over HTTP on
 * `host` (loopback by default). close() stops all three.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const db = await openDatabase(options.store);
  const chains = new ChainRegistry(options.chains);
  const safeInfoCache = new SafeInfoCache();
  const indexers = new Map<string, Indexer>();
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
      trustedTokens: chain.config.trustedTokens as Address[],
      log: (message) => console.error(`gateway: ${message}`),
      onSafesChanged: (safes) => safeInfoCache.invalidate(chain.config.chainId, safes),
    });
    indexer.start();
    indexers.set(chain.config.chainId, indexer);
  };
  for (const chain of chains.all()) startIndexer(chain);
  const stopIndexers = () => Promise.all([...indexers.values()].map((indexer) => indexer.stop()));
  const snapshots = options.testControl
    ? stackSnapshots(db, chains, {
        pause: async () => {
          await stopIndexers();
        },
        resume: () => {
          for (const chain of chains.all()) startIndexer(chain);
        },
        forget: () => {
          safeInfoCache.clear();
        },
      })
    : undefined;

  const prices = new StaticPriceTable({
    usd: Object.fromEntries(options.chains.map((chain) => [chain.chainId, chain.usdPrices])),
    fiatPerUsd: options.fiatPerUsd ?? defaultFiatPerUsd,
  });
  const app = createGatewayApp({
    chains,
    db,
    prices,
    sessionKey: await sessionKey(db, options.sessionSecret),
    corsOrigins: options.corsOrigins,
    safeApps: options.safeApps,
    safeInfoCache,
    trackSafe: (chainId, safe) => indexers.get(chainId)?.track(safe),
    snapshots,
    health: () => gatewayHealth(indexers),
    maxBodyBytes: options.maxBodyBytes,
    rateLimits: options.rateLimits,
    trustedProxies: options.trustedProxies,
    secureCookies: options.secureCookies,
  });
  const host = options.host ?? '127.0.0.1';
  let server: ServerType;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 0 }, () => resolve(s));
      s.once('error', reject);
    });
  } catch (error) {
    await stopIndexers();
    await db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    indexers,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          // Keep-alive sockets would otherwise hold the port open.
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await stopIndexers();
        await db.close();
      })();
      return closing;
    },
  };
}
