import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Devnet } from '@countersign/devnet';
import {
  createGatewayApp,
  devnetChainConfig,
  openDatabase,
  type Database,
  type GatewayAppOptions,
} from '../../src';
import { ChainPriceSource, exampleFiatPerUsd } from '../../src/assets/prices';
import { ChainRegistry } from '../../src/chains/registry';

export type AppServer = {
  url: string;
  db: Database;
  /** The app itself, to call without a socket (app.request). */
  app: ReturnType<typeof createGatewayApp>;
  close(): Promise<void>;
};

/**
 * The gateway app over `devnet`, served over HTTP on a free loopback port, with a fresh in-memory
 * database the test can read and write itself; no indexer runs, so what the test stores is all there
 * is. For tests that check what the gateway stored, or run gateways with other limits side by side.
 */
export async function serveGatewayApp(
  devnet: Devnet,
  options: Omit<Partial<GatewayAppOptions>, 'chains' | 'db' | 'prices'> = {},
): Promise<AppServer> {
  const config = devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' });
  const db = await openDatabase();
  const chains = new ChainRegistry([config]);
  const app = createGatewayApp({
    chains,
    db,
    prices: new ChainPriceSource(chains, { fiatPerUsd: exampleFiatPerUsd }),
    sessionKey: 'test-session-key',
    corsOrigins: [],
    ...options,
  });
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    s.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    db,
    app,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await db.close();
    },
  };
}
