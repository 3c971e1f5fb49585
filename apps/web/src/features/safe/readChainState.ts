import { getAddress, type Address, type Client } from 'viem';
import { getStorageAt, readContract } from 'viem/actions';
import type { ChainSafeState } from './chainState';
import { guardStorageSlot, safeAbi, zeroAddress } from '@countersign/safe-core';

const SENTINEL: Address = '0x0000000000000000000000000000000000000001';
/** More modules than this are not read; a Safe with that many is itself a finding. */
const MODULE_PAGE = 50;

// Loaded on first use (see chainSafeStateQueryOptions): the Safe's ABI and viem's actions stay out of
// the app's first script.

/**
 * Reads the Safe's owners, threshold, nonce, version, modules and guard from the chain in one round
 * trip (the chain reader batches the calls made together into one JSON-RPC request).
 */
export async function readChainSafeState(client: Client, safe: Address): Promise<ChainSafeState> {
  const read = <const Name extends 'getOwners' | 'getThreshold' | 'nonce' | 'VERSION'>(functionName: Name) =>
    readContract(client, { address: safe, abi: safeAbi, functionName });
  const [owners, threshold, nonce, version, modules, guardWord] = await Promise.all([
    read('getOwners'),
    read('getThreshold'),
    read('nonce'),
    read('VERSION'),
    readContract(client, {
      address: safe,
      abi: safeAbi,
      functionName: 'getModulesPaginated',
      args: [SENTINEL, BigInt(MODULE_PAGE)],
    }),
    getStorageAt(client, { address: safe, slot: `0x${guardStorageSlot.toString(16).padStart(64, '0')}` }),
  ]);
  const guard = guardWord ? getAddress(`0x${guardWord.slice(-40)}`) : zeroAddress;
  return {
    owners: owners.map((owner) => getAddress(owner)),
    threshold: Number(threshold),
    nonce: Number(nonce),
    version,
    modules: modules[0].map((module) => getAddress(module)),
    guard: guard === zeroAddress ? null : guard,
  };
}
