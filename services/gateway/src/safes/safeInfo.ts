import type { ImplementationVersionState, SafeInfo } from '@countersign/gateway-api';
import { addressInfo } from '../addressInfo';
import type { Address } from 'viem';
import type { ChainConfig } from '../chains/chainConfig';
import type { SafeState } from './readSafe';
import type { SafeTags } from './safeTags';

const semver = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

function compareVersions(a: string, b: string): number {
  const [, ...pa] = semver.exec(a) ?? [];
  const [, ...pb] = semver.exec(b) ?? [];
  for (let i = 0; i < 3; i++) {
    const diff = Number(pa[i]) - Number(pb[i]);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/**
 * UNKNOWN unless the version and the chain's recommended version are both semver and the singleton is
 * one of the chain's master copies; then OUTDATED below the recommended version, else UP_TO_DATE.
 */
export function implementationVersionState(
  version: string | null,
  singleton: Address,
  chain: Pick<ChainConfig, 'recommendedMasterCopyVersion' | 'masterCopies'>,
): ImplementationVersionState {
  const recommended = chain.recommendedMasterCopyVersion;
  if (!version || !semver.test(version) || !recommended || !semver.test(recommended)) return 'UNKNOWN';
  const known = chain.masterCopies.some((copy) => copy.address.toLowerCase() === singleton.toLowerCase());
  if (!known) return 'UNKNOWN';
  return compareVersions(version, recommended) < 0 ? 'OUTDATED' : 'UP_TO_DATE';
}

/** The SafeInfo answer: the chain's state of the Safe plus the store's change tags. */
export function toSafeInfo(state: SafeState, chain: ChainConfig, tags: SafeTags): SafeInfo {
  return {
    address: { value: state.address, name: null, logoUri: null },
    chainId: chain.chainId,
    nonce: state.nonce,
    threshold: state.threshold,
    owners: state.owners.map((value) => ({ value, name: null, logoUri: null })),
    implementation: addressInfo(state.singleton),
    implementationVersionState: implementationVersionState(state.version, state.singleton, chain),
    modules: state.modules.length > 0 ? state.modules.map((module) => addressInfo(module)) : null,
    fallbackHandler: state.fallbackHandler ? addressInfo(state.fallbackHandler) : null,
    guard: state.guard ? addressInfo(state.guard) : null,
    version: state.version,
    ...tags,
    ...(state.modulesTruncated ? { modulesTruncated: true } : {}),
  };
}
