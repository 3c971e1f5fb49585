import {
  canonicalFallbackHandlerName,
  canonicalSingletonName,
  canonicalSingletonVersion,
} from '../knownContracts';
import { versionAtLeast } from '../safeTxHashes';
import type { SafeChange } from './types';

/**
 * How a change to the Safe is shown: a danger, or (the halves of an upgrade to a canonical Safe
 * deployment) an expected change, with the canonical contract's name.
 */
export type SafeChangeVerdict =
  | {
      tone: 'danger';
      /**
       * The implementation moves from an L2 singleton to a plain one: the Safe stops emitting the
       * events that describe each execution, and indexers that read only events lose its history.
       */
      leavesL2?: true;
    }
  | { tone: 'warn'; expected: 'upgrade'; name: string };

/** Whether `address` is a canonical L2 singleton (SafeL2, GnosisSafeL2), a plain one, or neither (null). */
export function isCanonicalL2Singleton(address: string): boolean | null {
  const name = canonicalSingletonName(address);
  return name === null ? null : /L2\b/.test(name);
}

const leavesL2 = (change: SafeChange) =>
  change.kind === 'implementation' &&
  isCanonicalL2Singleton(change.before) === true &&
  isCanonicalL2Singleton(change.after) === false;

/**
 * The verdict on each of a transaction's changes to the Safe, in order. Every change is a danger
 * except an upgrade: the implementation moving from a canonical singleton to a canonical singleton of
 * a newer version (what SafeMigration does), and, in the same transaction, the fallback handler
 * moving to the canonical CompatibilityFallbackHandler of that newer version. An implementation
 * changed to anything else, or away from an unknown one, stays a danger: only known code is trusted.
 * So does a move from an L2 singleton to a plain one (SafeMigration's migrateSingleton on an L2
 * Safe), even to a newer version: it blinds every indexer that reads events.
 */
export function safeChangeVerdicts(changes: readonly SafeChange[]): SafeChangeVerdict[] {
  let upgradedTo: string | null = null;
  for (const change of changes) {
    if (change.kind !== 'implementation' || leavesL2(change)) continue;
    const before = canonicalSingletonVersion(change.before);
    const after = canonicalSingletonVersion(change.after);
    if (before !== null && after !== null && !versionAtLeast(before, after)) upgradedTo = after;
  }
  return changes.map((change): SafeChangeVerdict => {
    if (leavesL2(change)) return { tone: 'danger', leavesL2: true };
    if (upgradedTo === null) return { tone: 'danger' };
    if (change.kind === 'implementation') {
      const name = canonicalSingletonName(change.after);
      if (name !== null && canonicalSingletonVersion(change.after) === upgradedTo)
        return { tone: 'warn', expected: 'upgrade', name };
    }
    if (change.kind === 'fallbackHandler') {
      const name = canonicalFallbackHandlerName(change.after);
      if (name !== null && name.split(' ')[1] === upgradedTo)
        return { tone: 'warn', expected: 'upgrade', name };
    }
    return { tone: 'danger' };
  });
}
