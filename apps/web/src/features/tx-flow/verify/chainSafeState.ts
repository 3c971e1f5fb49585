import { getAddress, type Address, type Client } from 'viem';
import { getStorageAt, readContract } from 'viem/actions';
import type { SafeInfo } from '@countersign/gateway-api';
import { guardStorageSlot, safeAbi, zeroAddress } from '@countersign/safe-core';

/** What decides who may sign for a Safe and what is warned, as the Safe contract itself answers. */
export type ChainSafeState = {
  owners: Address[];
  threshold: number;
  nonce: number;
  version: string;
  modules: Address[];
  guard: Address | null;
};

const SENTINEL: Address = '0x0000000000000000000000000000000000000001';
/** More modules than this are not read; a Safe with that many is itself a finding. */
const MODULE_PAGE = 50;

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

/** One point where the gateway's SafeInfo and the Safe contract disagree. */
export type SafeInfoDisagreement = { what: string; gateway: string; chain: string };

const list = (items: readonly string[]) => (items.length === 0 ? 'none' : items.join(', '));
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.some((other) => other.toLowerCase() === item.toLowerCase()));

/**
 * Compares the gateway's SafeInfo with the chain's answer. The nonce may legitimately lag by a block
 * while the gateway indexes, so only a gateway nonce ahead of the chain's is a disagreement.
 */
export function compareSafeInfo(info: SafeInfo, chain: ChainSafeState): SafeInfoDisagreement[] {
  const found: SafeInfoDisagreement[] = [];
  const owners = info.owners.map((owner) => owner.value);
  if (!sameSet(owners, chain.owners))
    found.push({ what: 'Owners', gateway: list(owners), chain: list(chain.owners) });
  if (info.threshold !== chain.threshold)
    found.push({ what: 'Threshold', gateway: String(info.threshold), chain: String(chain.threshold) });
  if (info.nonce > chain.nonce)
    found.push({ what: 'Nonce', gateway: String(info.nonce), chain: String(chain.nonce) });
  const modules = (info.modules ?? []).map((module) => module.value);
  if (!sameSet(modules, chain.modules))
    found.push({ what: 'Modules', gateway: list(modules), chain: list(chain.modules) });
  const guard = info.guard?.value && info.guard.value !== zeroAddress ? info.guard.value : null;
  if ((guard ?? '').toLowerCase() !== (chain.guard ?? '').toLowerCase())
    found.push({ what: 'Guard', gateway: guard ?? 'none', chain: chain.guard ?? 'none' });
  if (info.version !== null && info.version !== chain.version)
    found.push({ what: 'Version', gateway: info.version, chain: chain.version });
  return found;
}

/**
 * The nonce to propose at, measured on the chain: the chain's nonce, then past every nonce queued
 * right after it without a gap. A proposal far ahead (at nonce 1,000,000, say) does not move it, so
 * nobody can push the default or hide a skip-ahead by queueing one.
 */
export function recommendedNonce(chainNonce: number, queuedNonces: readonly number[]): number {
  const queued = new Set(queuedNonces);
  let next = chainNonce;
  while (queued.has(next)) next += 1;
  return next;
}
