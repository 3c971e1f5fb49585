import { queryOptions } from '@tanstack/react-query';
import { getAddress, type Address } from 'viem';
import type { ChainInfo, GatewayClient } from '@countersign/gateway-api';

/** The Safes `owner` (an account or a Safe) owns, as the gateway's owner index lists them. */
export const ownedSafesQueryOptions = (gateway: GatewayClient, chainId: string, owner: string) =>
  queryOptions({
    queryKey: ['owner', chainId, owner.toLowerCase(), 'safes'],
    queryFn: ({ signal }) => gateway.getOwnedSafes({ chainId, ownerAddress: owner }, { signal }),
  });

/** A Safe and the Safes it owns, as the gateway's owner index has them (for finding, never for signing). */
export type SafeTreeNode = { address: Address; children: SafeTreeNode[] };

/** How deep the tree is followed below the wallet's own Safes, and how many Safes are asked about in all. */
export const maxTreeDepth = 3;
export const maxTreeLookups = 40;

/**
 * The Safes `roots` own, and the Safes those own, down to `maxTreeDepth` levels and at most
 * `maxTreeLookups` questions to the gateway; a Safe met twice (a cycle, or two parents) is listed
 * under the first parent only. What it finds is where to look, not who may sign: each Safe's page
 * reads its owners from the chain.
 */
export async function readSafeTree(
  gateway: GatewayClient,
  chain: Pick<ChainInfo, 'chainId'>,
  roots: readonly Address[],
  signal?: AbortSignal,
): Promise<SafeTreeNode[]> {
  const seen = new Set(roots.map((root) => root.toLowerCase()));
  let lookups = 0;
  const childrenOf = async (safe: Address, depth: number): Promise<SafeTreeNode[]> => {
    if (depth >= maxTreeDepth || lookups >= maxTreeLookups) return [];
    lookups += 1;
    const owned = await gateway
      .getOwnedSafes({ chainId: chain.chainId, ownerAddress: safe }, { signal })
      .then((answer) => answer.safes.map((child) => getAddress(child)))
      .catch(() => [] as Address[]);
    const fresh = owned.filter((child) => !seen.has(child.toLowerCase()));
    for (const child of fresh) seen.add(child.toLowerCase());
    return Promise.all(
      fresh.map(async (child) => ({ address: child, children: await childrenOf(child, depth + 1) })),
    );
  };
  return Promise.all(
    roots.map(async (root) => ({ address: getAddress(root), children: await childrenOf(root, 0) })),
  );
}
