import { devnetClients, startDevnet, type Devnet } from '@countersign/devnet';
import {
  devnetChainConfig,
  startGateway,
  type ChainConfig,
  type Gateway,
  type GatewayOptions,
  type StoreOptions,
} from '../../src';

export type LocalGateway = {
  devnet: Devnet;
  gateway: Gateway;
  /** Resolves once the gateway has indexed the chain up to its current head. */
  indexed(): Promise<void>;
  /**
   * One HTTP call to the gateway: a path on it, or a full URL it gave (a page's `next`). A JSON
   * body is sent when given; the answer's body is parsed when it has one.
   */
  request<T = unknown>(
    method: string,
    pathOrUrl: string,
    body?: unknown,
  ): Promise<{ status: number; body: T | undefined }>;
  stop(): Promise<void>;
};

/**
 * A fresh seeded devnet on a free port and a gateway over it, for one test file. `chains` lets a test
 * serve more (or other) chain entries built from the devnet's configuration.
 */
export async function startLocalGateway(
  options: {
    corsOrigins?: string[];
    chains?: (devnetChain: ChainConfig) => ChainConfig[];
    safeApps?: GatewayOptions['safeApps'];
    /** The gateway's database (see support/databases.ts); an in-memory PGlite by default. */
    store?: StoreOptions;
    /** Serves the test-only snapshot routes. */
    testControl?: boolean;
    /** The gateway's limits and trust settings, when a test needs other than the defaults. */
    limits?: Pick<
      GatewayOptions,
      | 'maxBodyBytes'
      | 'rateLimits'
      | 'trustedProxies'
      | 'secureCookies'
      | 'requestLimits'
      | 'maxConcurrentRequests'
    >;
    /** Where prices and exchange rates come from, when not the devnet's feeds and example rates. */
    prices?: Pick<GatewayOptions, 'fiatPerUsd' | 'priceApi'>;
  } = {},
): Promise<LocalGateway> {
  const devnet = await startDevnet({ port: 0 });
  const devnetChain = devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' });
  const gateway = await startGateway({
    port: 0,
    chains: options.chains ? options.chains(devnetChain) : [devnetChain],
    corsOrigins: options.corsOrigins ?? [],
    safeApps: options.safeApps,
    store: options.store,
    testControl: options.testControl,
    ...options.limits,
    ...options.prices,
  }).catch(async (error: unknown) => {
    await devnet.stop();
    throw error;
  });
  return {
    devnet,
    gateway,
    indexed: async () => {
      const head = await devnetClients(devnet.manifest.chainId, devnet.rpcUrl).public.getBlockNumber({
        cacheTime: 0,
      });
      await gateway.indexers.get(String(devnet.manifest.chainId))?.waitForBlock(head);
    },
    request: async <T>(method: string, pathOrUrl: string, body?: unknown) => {
      const response = await fetch(pathOrUrl.startsWith('http') ? pathOrUrl : `${gateway.url}${pathOrUrl}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as T) : undefined };
    },
    stop: async () => {
      await gateway.close();
      await devnet.stop();
    },
  };
}
