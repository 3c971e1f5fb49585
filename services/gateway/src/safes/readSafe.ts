import { getAddress, hexToBigInt, isHex, sliceHex, type Address, type Hex, type PublicClient } from 'viem';
import {
  fallbackHandlerStorageSlot,
  guardStorageSlot,
  safeAbi,
  sentinelAddress,
  singletonStorageSlot,
} from '@countersign/safe-core';

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
};

const modulePageSize = 50n;
const zero = 0n;

function slotAddress(word: Hex): Address | null {
  const value = hexToBigInt(word);
  return value === zero ? null : getAddress(sliceHex(word, 12, 32));
}

/**
 * Reads a Safe through Multicall3 in a single eth_call. Returns null when the address is not a Safe:
 * no code, or the Safe's own getters fail or make no sense.
 */
export async function readSafe(client: PublicClient, address: Address): Promise<SafeState | null> {
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
        { ...contract, functionName: 'getModulesPaginated', args: [sentinelAddress, modulePageSize] },
      ],
    });
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

  let modules: Address[] = [];
  if (modulePage.status === 'success') {
    modules = [...modulePage.result[0]];
    let next = modulePage.result[1];
    // Rare: more modules than one page holds.
    while (getAddress(next) !== sentinelAddress && next !== '0x0000000000000000000000000000000000000000') {
      const [page, cursor] = await client.readContract({
        ...contract,
        functionName: 'getModulesPaginated',
        args: [next, modulePageSize],
      });
      modules.push(...page);
      next = cursor;
    }
  }

  return {
    address,
    owners: owners.result.map((owner) => getAddress(owner)),
    threshold: Number(threshold.result),
    nonce: Number(nonce.result),
    version: version.status === 'success' ? version.result : null,
    singleton,
    fallbackHandler: handlerWord.status === 'success' ? slotAddress(handlerWord.result) : null,
    guard: guardWord.status === 'success' ? slotAddress(guardWord.result) : null,
    modules: modules.map((module) => getAddress(module)),
  };
}
