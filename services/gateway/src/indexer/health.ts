import type { IndexerProgress, IndexerStatus } from './indexer';

/**
 * A chain as this replica sees it: the Indexer when it indexes the chain, a FollowedChain (`follows`)
 * when another replica on the same PostgreSQL does.
 */
export type ChainIndexing = {
  status(): IndexerStatus;
  progress(): IndexerProgress;
  readonly follows?: boolean;
};

/**
 * How far a chain's indexer trails it: `lagBlocks` is the node's head (as of the last pass) less the
 * block indexed (null before the first); `lagSeconds` is the age of the block indexed while it is behind the head, 0 once it
 * has caught up (an idle chain makes no new blocks, which is no lag). Null until a pass told them.
 */
export type IndexerLag = {
  head: number | null;
  lagBlocks: number | null;
  lagSeconds: number | null;
};

/**
 * What GET /health answers. `status` stays 'ok' while every chain is indexed, as before per-chain
 * states existed, so checks that read only it keep working; a chain retrying or halted makes it
 * 'degraded'. The answer stays 200 then: the gateway still serves what it stored, and taking it out
 * of a load balancer would not bring the RPC back.
 */
export type GatewayHealth = {
  status: 'ok' | 'degraded';
  /** `role`: whether this replica indexes the chain or follows the one that does (issue 26). */
  chains: Record<string, IndexerStatus & IndexerLag & { role: 'indexes' | 'follows' }>;
};

export function indexerLag(progress: IndexerProgress, nowMs = Date.now()): IndexerLag {
  const { head, block, blockTimeMs } = progress;
  if (head === null || block === null) return { head, lagBlocks: null, lagSeconds: null };
  const lagBlocks = Math.max(0, head - block);
  const lagSeconds =
    lagBlocks === 0 ? 0 : blockTimeMs === null ? null : Math.max(0, Math.round((nowMs - blockTimeMs) / 1000));
  return { head, lagBlocks, lagSeconds };
}

export function gatewayHealth(indexers: ReadonlyMap<string, ChainIndexing>): GatewayHealth {
  const chains = Object.fromEntries(
    [...indexers].map(([chainId, indexer]) => [
      chainId,
      {
        ...indexer.status(),
        ...indexerLag(indexer.progress()),
        role: indexer.follows ? ('follows' as const) : ('indexes' as const),
      },
    ]),
  );
  const ok = Object.values(chains).every(
    (chain) => chain.state === 'indexing' || chain.state === 'following',
  );
  return { status: ok ? 'ok' : 'degraded', chains };
}
