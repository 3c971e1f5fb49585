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
    stop: async () => {
      await gateway.close();
      await devnet.stop();
    },
  };
}
