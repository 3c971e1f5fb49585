import { getAddress, type Address, type Hex } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { chainClient } from '../../lib/chainReader';
import { getStorageAt, readContract } from 'viem/actions';
import type { ChainSafeState } from './chainState';
import {
  fallbackHandlerStorageSlot,
  followModulePages,
  modulePageSize,
  guardStorageSlot,
  moduleGuardStorageSlot,
  safeAbi,
  sentinelAddress,
  singletonStorageSlot,
  zeroAddress,
} from '@countersign/safe-core';

const slotHex = (slot: bigint): Hex => `0x${slot.toString(16).padStart(64, '0')}`;
const addressIn = (word: Hex | undefined): Address | null => {
  const address = word ? getAddress(`0x${word.slice(-40)}`) : zeroAddress;
  return address === zeroAddress ? null : address;
};

// Loaded on first use (see chainSafeStateQueryOptions): the Safe's ABI and viem's actions stay out of
// the app's first script.

/**
 * Reads the Safe's owners, threshold, nonce, version, modules, guard, module guard, implementation and fallback handler from the chain in one round
 * trip (the chain reader batches the calls made together into one JSON-RPC request).
 */
export async function readChainSafeState(chain: ChainInfo, safe: Address): Promise<ChainSafeState> {
  const client = chainClient(chain);
  const read = <const Name extends 'getOwners' | 'getThreshold' | 'nonce' | 'VERSION'>(functionName: Name) =>
    readContract(client, { address: safe, abi: safeAbi, functionName });
  const slot = (at: bigint) => getStorageAt(client, { address: safe, slot: slotHex(at) });
  const [owners, threshold, nonce, version, modules, guardWord, moduleGuardWord, singletonWord, handlerWord] =
    await Promise.all([
      read('getOwners'),
      read('getThreshold'),
      read('nonce'),
      read('VERSION'),
      readContract(client, {
        address: safe,
        abi: safeAbi,
        functionName: 'getModulesPaginated',
        args: [sentinelAddress, BigInt(modulePageSize)],
      }),
      slot(guardStorageSlot),
      slot(moduleGuardStorageSlot),
      slot(singletonStorageSlot),
      slot(fallbackHandlerStorageSlot),
    ]);
  // Past 500 modules (maxModulePages) the list is cut, and a Safe with that many says so: itself a finding.
  const { modules: list, cut } = await followModulePages(modules, (cursor) =>
    readContract(client, {
      address: safe,
      abi: safeAbi,
      functionName: 'getModulesPaginated',
      args: [cursor, BigInt(modulePageSize)],
    }),
  );
  return {
    owners: owners.map((owner) => getAddress(owner)),
    threshold: Number(threshold),
    nonce: Number(nonce),
    version,
    modules: list,
    ...(cut ? { modulesCut: true } : {}),
    guard: addressIn(guardWord),
    moduleGuard: addressIn(moduleGuardWord),
    implementation: addressIn(singletonWord) ?? zeroAddress,
    fallbackHandler: addressIn(handlerWord),
  };
}
