import { getAddress, hexToBigInt, isHex, sliceHex, type Address, type Hex, type PublicClient } from 'viem';
import {
  fallbackHandlerStorageSlot,
  followModulePages,
  guardStorageSlot,
  maxModulePages,
  modulePageSize,
  safeAbi,
  sentinelAddress,
  singletonStorageSlot,
} from '@countersign/safe-core';
import { isNodeFailure } from '../http/errors';

/** A Safe's on-chain settings, read in one batched call. */
export type SafeState = {
  address: Address;
  owners: Address[];
  threshold: number;
  nonce: number;
  version: string | null;
  singleton: Address;
  fallbackHandler: Address | null;
  guard: Address | null;
  modules: Address[];
  /**
   * The module list is not all there: cut at its first page (unless every page was asked for), at
   * maxModulePages, or where its pages went round in a loop.
   */
  modulesTruncated: boolean;
};

const zero = 0n;

function slotAddress(word: Hex): Address | null {
  const value = hexToBigInt(word);
  return value === zero ? null : getAddress(sliceHex(word, 12, 32));
}

/**
 * Reads a Safe through Multicall3 in a single eth_call. Returns null when the address is not a Safe:
 * no code, or the Safe's own getters fail or make no sense. Modules past the first page take a call
 * each, so they are read only for those who show the list (`allModules`): a contract that answers
 * like a Safe can make that list as long as it likes.
 */
export async function readSafe(
  client: PublicClient,
  address: Address,
  options: { allModules?: boolean } = {},
): Promise<SafeState | null> {
  const modulePages = options.allModules ? maxModulePages : 1;
  const contract = { address, abi: safeAbi } as const;
  const [owners, threshold, nonce, version, singletonWord, handlerWord, guardWord, modulePage] =
    await client.multicall({
      allowFailure: true,
      contracts: [
        { ...contract, functionName: 'getOwners' },
        { ...contract, functionName: 'getThreshold' },
        { ...contract, functionName: 'nonce' },
        { ...contract, functionName: 'VERSION' },
        { ...contract, functionName: 'getStorageAt', args: [singletonStorageSlot, 1n] },
        { ...contract, functionName: 'getStorageAt', args: [fallbackHandlerStorageSlot, 1n] },
        { ...contract, functionName: 'getStorageAt', args: [guardStorageSlot, 1n] },
        { ...contract, functionName: 'getModulesPaginated', args: [sentinelAddress, BigInt(modulePageSize)] },
      ],
    });
  // A call the contract refused means "not a Safe"; one the node did not answer means nothing yet.
  const unanswered = [owners, threshold, nonce, singletonWord].find(
    (result) => result.status === 'failure' && isNodeFailure(result.error),
  );
  if (unanswered?.error) throw unanswered.error;
  if (owners.status !== 'success' || threshold.status !== 'success' || nonce.status !== 'success')
    return null;
  if (
    singletonWord.status !== 'success' ||
    !isHex(singletonWord.result) ||
    singletonWord.result.length !== 66
  )
    return null;
  if (owners.result.length === 0 || threshold.result === zero) return null;
  const singleton = slotAddress(singletonWord.result);
  if (!singleton) return null;

  // Rare: more modules than one page holds.
  const { modules, cut: modulesTruncated } =
    modulePage.status === 'success'
      ? await followModulePages(
          modulePage.result,
          (cursor) =>
            client.readContract({
              ...contract,
              functionName: 'getModulesPaginated',
              args: [cursor, BigInt(modulePageSize)],
            }),
          modulePages,
        )
      : { modules: [], cut: false };

  return {
    address,
    owners: owners.result.map((owner) => getAddress(owner)),
    threshold: Number(threshold.result),
    nonce: Number(nonce.result),
    version: version.status === 'success' ? version.result : null,
    singleton,
    fallbackHandler: handlerWord.status === 'success' ? slotAddress(handlerWord.result) : null,
    guard: guardWord.status === 'success' ? slotAddress(guardWord.result) : null,
    modules,
    modulesTruncated,
  };
}
