import { createPublicClient, getAddress, http, type Address } from 'viem';
import { safeAbi } from '@countersign/safe-core';
import type { DevnetManifest } from './manifest';

/** A demo Safe as its contract answers now: what an upgrade or an owner change leaves it. */
export type SafeSummary = { version: string; threshold: number; owners: Address[] };

/**
 * Each demo Safe's version, threshold and owners, read from the chain (undefined for one that does
 * not answer): the manifest names a Safe, the chain says what it is today.
 */
export async function readSafeSummaries(
  rpcUrl: string,
  safes: DevnetManifest['safes'],
): Promise<(SafeSummary | undefined)[]> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  return Promise.all(
    safes.map(async (safe) => {
      const address = getAddress(safe.address);
      try {
        const [version, threshold, owners] = await Promise.all([
          client.readContract({ address, abi: safeAbi, functionName: 'VERSION' }),
          client.readContract({ address, abi: safeAbi, functionName: 'getThreshold' }),
          client.readContract({ address, abi: safeAbi, functionName: 'getOwners' }),
        ]);
        return { version, threshold: Number(threshold), owners: [...owners] };
      } catch {
        return undefined;
      }
    }),
  );
}

/** "Legacy Safe (1.4.1, 2 of 3)": the Safe's name with what the chain says of it. */
export function describeSafe(name: string, summary: SafeSummary | undefined): string {
  return summary === undefined
    ? name
    : `${name} (${summary.version}, ${summary.threshold} of ${summary.owners.length})`;
}

/** The demo Safes `account` owns now, by name. */
export function safesOwnedBy(
  account: string,
  safes: DevnetManifest['safes'],
  summaries: readonly (SafeSummary | undefined)[],
): string[] {
  return safes
    .filter((_, index) =>
      summaries[index]?.owners.some((owner) => owner.toLowerCase() === account.toLowerCase()),
    )
    .map((safe) => safe.name);
}
