import { getAddress, type Address, type Hex } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { chainClient } from '../../lib/chainReader';
import { getStorageAt, readContract } from 'viem/actions';
import type { ChainSafeState } from './chainState';
import {
  fallbackHandlerStorageSlot,
  guardStorageSlot,
  moduleGuardStorageSlot,
  safeAbi,
  singletonStorageSlot,
  zeroAddress,
} from '@countersign/safe-core';

const SENTINEL: Address = '0x0000000000000000000000000000000000000001';
const MODULE_PAGE = 50;
/** Module pages read at most (500 modules): a Safe with more says so (`modulesCut`), itself a finding. */
const MAX_MODULE_PAGES = 10;

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
        args: [SENTINEL, BigInt(MODULE_PAGE)],
      }),
      slot(guardStorageSlot),
      slot(moduleGuardStorageSlot),
      slot(singletonStorageSlot),
      slot(fallbackHandlerStorageSlot),
    ]);
  const [firstPage, afterFirst] = modules;
  const { list, cut } = await restOfModules(client, safe, [...firstPage], afterFirst);
  return {
    owners: owners.map((owner) => getAddress(owner)),
    threshold: Number(threshold),
    nonce: Number(nonce),
    version,
    modules: list.map((module) => getAddress(module)),
    ...(cut ? { modulesCut: true } : {}),
    guard: addressIn(guardWord),
    moduleGuard: addressIn(moduleGuardWord),
    implementation: addressIn(singletonWord) ?? zeroAddress,
    fallbackHandler: addressIn(handlerWord),
  };
}

const isListEnd = (cursor: Address) => cursor === zeroAddress || getAddress(cursor) === SENTINEL;

/**
 * Follows the module list past its first page, a page a call, up to MAX_MODULE_PAGES; stops where
 * the pages go round (a contract can answer anything) and says the list was cut.
 */
async function restOfModules(
  client: ReturnType<typeof chainClient>,
  safe: Address,
  list: Address[],
  next: Address,
): Promise<{ list: Address[]; cut: boolean }> {
  const seen = new Set<string>();
  for (let pages = 1; !isListEnd(next); pages += 1) {
    if (pages >= MAX_MODULE_PAGES || seen.has(next.toLowerCase())) return { list, cut: true };
    seen.add(next.toLowerCase());
    const [page, cursor] = await readContract(client, {
      address: safe,
      abi: safeAbi,
      functionName: 'getModulesPaginated',
      args: [next, BigInt(MODULE_PAGE)],
    });
    list.push(...page.slice(0, MODULE_PAGE));
    next = cursor;
  }
  return { list, cut: false };
}
