import { queryOptions } from '@tanstack/react-query';
import { getAddress, type Address } from 'viem';
import { getCode } from 'viem/actions';
import type { ChainInfo } from '@countersign/gateway-api';
import { chainClient } from '../../lib/chainReader';
import { readOwnerSafes } from './ownerSafes';

/** How deep Safes owning Safes are followed; deeper ones are counted as unknown, never as signers. */
export const maxNestingDepth = 4;

/** What an owner is, as the chain answers: who can produce a signature the Safe accepts. */
export type OwnerKind =
  | { kind: 'account'; address: Address }
  | { kind: 'safe'; address: Address; owners: Address[]; threshold: number }
  | { kind: 'contract'; address: Address };

/** The owners' graph as read: each address met, by lower-case address. */
export type OwnerGraph = ReadonlyMap<string, OwnerKind>;

/** Whether an owner can sign, and why not. */
export type OwnerVerdict = {
  address: Address;
  canSign: boolean;
  why?: 'contract' | 'cycle' | 'locked-safe' | 'too-deep';
};

export type Reach = { threshold: number; signers: number; owners: OwnerVerdict[]; reachable: boolean };

/**
 * Whether owners and a threshold can still sign, judged on the graph: an account with a key can; a
 * Safe can when enough of its own owners can (a Safe already on the path cannot count on itself, so
 * a cycle with no way out counts for nothing); any other contract is not counted, since nothing shows
 * it can produce a signature the Safe accepts.
 */
export function judgeReach(
  graph: OwnerGraph,
  owners: readonly Address[],
  threshold: number,
  /** The Safe whose owners these are: a Safe that can sign only through it is a cycle. */
  self?: Address,
): Reach {
  const verdict = (address: Address, path: readonly string[], depth: number): OwnerVerdict => {
    const key = address.toLowerCase();
    if (path.includes(key)) return { address, canSign: false, why: 'cycle' };
    const node = graph.get(key);
    if (!node) return { address, canSign: false, why: 'too-deep' };
    if (node.kind === 'contract') return { address, canSign: false, why: 'contract' };
    if (node.kind === 'account') return { address, canSign: true };
    if (depth >= maxNestingDepth) return { address, canSign: false, why: 'too-deep' };
    const inner = node.owners.map((owner) => verdict(owner, [...path, key], depth + 1));
    const signers = inner.filter((owner) => owner.canSign).length;
    if (signers >= node.threshold) return { address, canSign: true };
    // The reason that matters most for what to do about it: a cycle, then a depth not followed.
    const why = inner.some((o) => o.why === 'cycle')
      ? 'cycle'
      : inner.some((o) => o.why === 'too-deep')
        ? 'too-deep'
        : 'locked-safe';
    return { address, canSign: false, why };
  };
  const start = self ? [self.toLowerCase()] : [];
  const verdicts = owners.map((owner) => verdict(owner, start, 0));
  const signers = verdicts.filter((owner) => owner.canSign).length;
  return { threshold, signers, owners: verdicts, reachable: signers >= threshold };
}

/**
 * Reads the owners' graph from the chain, level by level down to maxNestingDepth: each address's code,
 * and for contracts whether they are Safes (with their owners and threshold). Reads of one level go
 * out together, as one batch.
 */
export async function readOwnerGraph(chain: ChainInfo, owners: readonly Address[]): Promise<OwnerGraph> {
  const graph = new Map<string, OwnerKind>();
  let level: Address[] = [...owners];
  for (let depth = 0; depth <= maxNestingDepth && level.length > 0; depth++) {
    level = [...new Map(level.map((a) => [a.toLowerCase(), a])).values()].filter(
      (address) => !graph.has(address.toLowerCase()),
    );
    const codes = await Promise.all(
      level.map((address) => getCode(chainClient(chain), { address }).catch(() => undefined)),
    );
    const isContract = (i: number) => codes[i] !== undefined && codes[i] !== '0x';
    const contracts = level.filter((_, i) => isContract(i));
    const safes = await readOwnerSafes(chain, contracts);
    for (const [i, address] of level.entries()) {
      const key = address.toLowerCase();
      const safe = safes.find((s) => s.address.toLowerCase() === key);
      graph.set(
        key,
        !isContract(i)
          ? { kind: 'account', address: getAddress(address) }
          : safe
            ? { kind: 'safe', ...safe }
            : { kind: 'contract', address: getAddress(address) },
      );
    }
    level = safes.flatMap((safe) => safe.owners);
  }
  return graph;
}

/** Why an owner cannot sign, in words (the lock-out check and the health report say the same). */
export const cannotSignWords: Record<NonNullable<OwnerVerdict['why']>, string> = {
  contract: 'a contract that is not a Safe: nothing shows it can produce a signature the Safe accepts',
  'locked-safe': 'a Safe whose own owners cannot reach its threshold',
  cycle: 'a Safe that could sign only through this Safe (a cycle with no way out)',
  'too-deep': `Safes nested more than ${maxNestingDepth} deep, which are not followed`,
};

/** Whether `safe` with these owners and threshold can sign, read from the chain and judged. */
export const signingReachQueryOptions = (
  chain: ChainInfo,
  safe: Address,
  owners: readonly Address[],
  threshold: number,
) =>
  queryOptions({
    queryKey: [
      'signing-reach',
      chain.chainId,
      safe.toLowerCase(),
      owners.map((o) => o.toLowerCase()),
      threshold,
    ],
    queryFn: async () => judgeReach(await readOwnerGraph(chain, owners), owners, threshold, safe),
    staleTime: 15_000,
    retry: 1,
  });
