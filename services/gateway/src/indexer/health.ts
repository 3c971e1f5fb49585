import type { Indexer, IndexerStatus } from './indexer';

/**
 * What GET /health answers. `status` stays 'ok' while every chain is indexed, as before per-chain
 * states existed, so checks that read only it keep working; a chain retrying or halted makes it
 * 'degraded'. The answer stays 200 then: the gateway still serves what it stored, and taking it out
 * of a load balancer would not bring the RPC back.
 */
export type GatewayHealth = {
  status: 'ok' | 'degraded';
  chains: Record<string, IndexerStatus>;
};

export function gatewayHealth(indexers: ReadonlyMap<string, Indexer>): GatewayHealth {
  const chains = Object.fromEntries([...indexers].map(([chainId, indexer]) => [chainId, indexer.status()]));
  const ok = Object.values(chains).every((chain) => chain.state === 'indexing');
  return { status: ok ? 'ok' : 'degraded', chains };
}
