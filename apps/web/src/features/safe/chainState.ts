import type { Address } from 'viem';
import type { SafeInfo } from '@countersign/gateway-api';

/** What decides who may sign for a Safe and what is warned, as the Safe contract itself answers. */
export type ChainSafeState = {
  owners: Address[];
  threshold: number;
  nonce: number;
  version: string;
  modules: Address[];
  /** More modules are enabled than were read (see readChainSafeState): the list is not all there. */
  modulesCut?: boolean;
  guard: Address | null;
  /** The guard of module transactions (Safe 1.5.0); null before 1.5.0, which has none. */
  moduleGuard: Address | null;
  /** The singleton in the proxy's slot 0: the code every call to the Safe runs. */
  implementation: Address;
  fallbackHandler: Address | null;
};

const zeroAddress = '0x0000000000000000000000000000000000000000';

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
 * The gateway's SafeInfo with what the Safe contract answers in place of its owners, threshold,
 * nonce, modules, guard and version: what every page shows once the chain is read. The gateway's
 * names and logos stay with the addresses they belong to; where the two differ, the pages say so
 * (compareSafeInfo), and the gateway's own SafeInfo is kept to say it.
 */
export function withChainTruth(info: SafeInfo, chain: ChainSafeState): SafeInfo {
  const named = (address: string, known: readonly SafeInfo['owners'][number][]) =>
    known.find((item) => item.value.toLowerCase() === address.toLowerCase()) ?? {
      value: address,
      name: null,
      logoUri: null,
    };
  const owners = chain.owners.map((owner) => named(owner, info.owners));
  const modules = chain.modules.map((module) => named(module, info.modules ?? []));
  const guard = chain.guard === null ? null : named(chain.guard, info.guard ? [info.guard] : []);
  const same =
    compareSafeInfo(info, chain).length === 0 &&
    info.nonce === chain.nonce &&
    info.owners.length === owners.length &&
    (info.modules ?? []).length === modules.length;
  // Nothing differs: the gateway's own object, so that nothing re-renders for it.
  if (same) return info;
  return {
    ...info,
    owners,
    threshold: chain.threshold,
    nonce: chain.nonce,
    modules: modules.length === 0 && info.modules === null ? null : modules,
    guard,
    version: chain.version,
  };
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

/**
 * A SafeInfo made from the Safe contract's answer alone, for a page the gateway does not serve (it is
 * down): no names, no tags, the version state unknown. Pages that need the gateway say so.
 */
export function safeInfoFromChain(chainId: string, address: string, chain: ChainSafeState): SafeInfo {
  const info = (value: string) => ({ value, name: null, logoUri: null });
  return {
    address: info(address),
    chainId,
    nonce: chain.nonce,
    threshold: chain.threshold,
    owners: chain.owners.map(info),
    implementation: info(chain.implementation),
    implementationVersionState: 'UNKNOWN',
    modules: chain.modules.length > 0 ? chain.modules.map(info) : null,
    fallbackHandler: chain.fallbackHandler ? info(chain.fallbackHandler) : null,
    guard: chain.guard ? info(chain.guard) : null,
    version: chain.version,
    collectiblesTag: null,
    txQueuedTag: null,
    txHistoryTag: null,
    messagesTag: null,
  };
}
