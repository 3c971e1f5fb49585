import { createPublicClient, defineChain, http, type PublicClient } from 'viem';
import { multicall3Address } from '@countersign/safe-core';
import type { ChainConfig } from './chainConfig';
import { scopedTransport } from './scopedTransport';

export type ServedChain = { config: ChainConfig; client: PublicClient };

/** The chains this gateway serves, each with one long-lived RPC client. */
export class ChainRegistry {
  readonly #chains = new Map<string, ServedChain>();

  constructor(configs: readonly ChainConfig[]) {
    for (const config of configs) {
      const chain = defineChain({
        id: Number(config.chainId),
        name: config.chainName,
        nativeCurrency: config.nativeCurrency,
        rpcUrls: { default: { http: [config.rpcUrl] } },
        contracts: { multicall3: { address: multicall3Address } },
      });
      const client = createPublicClient({
        chain,
        // Concurrent reads (many SafeInfo requests at once) share one JSON-RPC batch; the
        // specification's batch scheduler waits 0 ms and its HTTP timeout is 10 s.
        // Calls made for a request carry its bounds (gas, time, deadline); the indexer's do not.
        transport: scopedTransport(
          http(config.rpcUrl, { retryCount: 1, timeout: 10_000, batch: { wait: 0 } }),
        ),
        pollingInterval: 1_000,
      }) as PublicClient;
      this.#chains.set(config.chainId, { config, client });
    }
  }

  get(chainId: string): ServedChain | undefined {
    return this.#chains.get(chainId);
  }

  all(): ServedChain[] {
    return [...this.#chains.values()];
  }
}
