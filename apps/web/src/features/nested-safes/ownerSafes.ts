import { queryOptions } from '@tanstack/react-query';
import { getAddress, type Address, type Hex } from 'viem';
import { readContract } from 'viem/actions';
import type { ChainInfo } from '@countersign/gateway-api';
import { safeAbi } from '@countersign/safe-core';
import { chainClient } from '../../lib/chainReader';

/** An owner that is itself a Safe, as its contract answers now. */
export type OwnerSafe = { address: Address; owners: Address[]; threshold: number; version: string | null };

/**
 * Which of `owners` are Safes, read from the chain (never from the gateway, whose answer would decide
 * who may sign): an owner whose contract answers getOwners and getThreshold is one. Reads made
 * together go out as one batch; an account with a key answers neither and is left out.
 */
export async function readOwnerSafes(chain: ChainInfo, owners: readonly Address[]): Promise<OwnerSafe[]> {
  const client = chainClient(chain);
  const read = <T>(address: Address, functionName: 'getOwners' | 'getThreshold' | 'VERSION') =>
    readContract(client, { address, abi: safeAbi, functionName }).then(
      (value) => value as T,
      () => undefined,
    );
  const found = await Promise.all(
    owners.map(async (address): Promise<OwnerSafe | undefined> => {
      const [list, threshold, version] = await Promise.all([
        read<readonly Address[]>(address, 'getOwners'),
        read<bigint>(address, 'getThreshold'),
        read<string>(address, 'VERSION'),
      ]);
      if (list === undefined || threshold === undefined || list.length === 0) return undefined;
      return {
        address: getAddress(address),
        owners: list.map((owner) => getAddress(owner)),
        threshold: Number(threshold),
        version: version ?? null,
      };
    }),
  );
  return found.filter((safe): safe is OwnerSafe => safe !== undefined);
}

/**
 * A Safe's version, as its contract answers (null when it does not): it decides the form a Safe asks
 * its owner Safes to sign, so it is never taken from the gateway.
 */
export const safeVersionOnChain = (chain: ChainInfo, safe: Address): Promise<string | null> =>
  readContract(chainClient(chain), { address: safe, abi: safeAbi, functionName: 'VERSION' }).catch(
    () => null,
  );

export const ownerSafesQueryOptions = (chain: ChainInfo, owners: readonly Address[]) =>
  queryOptions({
    queryKey: ['owner-safes', chain.chainId, [...owners].map((o) => o.toLowerCase()).sort()],
    queryFn: () => readOwnerSafes(chain, owners),
    staleTime: 15_000,
    retry: 1,
  });

/** Whether `owner` approved `hash` on `safe` on chain (approveHash), as the contract answers now. */
export const approvedOnChainQueryOptions = (chain: ChainInfo, safe: Address, owner: Address, hash: Hex) =>
  queryOptions({
    queryKey: ['approved-hash', chain.chainId, safe.toLowerCase(), owner.toLowerCase(), hash],
    queryFn: async () =>
      (await readContract(chainClient(chain), {
        address: safe,
        abi: safeAbi,
        functionName: 'approvedHashes',
        args: [owner, hash],
      })) !== 0n,
    staleTime: 5_000,
    retry: 1,
  });
