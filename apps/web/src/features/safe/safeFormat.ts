import type { ImplementationVersionState, SafeInfo } from '@countersign/gateway-api';
import type { SafeUpgradeVersion } from '@countersign/safe-core';

const versionStateLabels: Record<ImplementationVersionState, string> = {
  UP_TO_DATE: 'Up to date',
  OUTDATED: 'Outdated',
  UNKNOWN: 'Unknown',
};

export function versionStateLabel(state: ImplementationVersionState): string {
  return versionStateLabels[state];
}

/** "2 of 3": confirmations needed out of the number of owners. */
export function thresholdLabel(safe: Pick<SafeInfo, 'threshold' | 'owners'>): string {
  return `${safe.threshold} of ${safe.owners.length}`;
}

/** The SafeInfo tags are Unix seconds as strings; null (or anything unreadable) means none. */
export function tagDate(tag: string | null): Date | null {
  if (tag === null || !/^\d+$/.test(tag)) return null;
  const date = new Date(Number(tag) * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The version this app recommends where the owners choose one (a new Safe, an upgrade): the one every
 * Safe tool and service reads today.
 */
export const recommendedSafeVersion: SafeUpgradeVersion = '1.4.1';

/** What an owner choosing a Safe version, to create a Safe or to upgrade one, should know about it. */
export const safeVersionSummaries: Record<SafeUpgradeVersion, string> = {
  '1.4.1': 'Supported by every Safe tool and service today.',
  '1.5.0':
    'Adds a module guard (checks on module transactions, as the guard checks the owners’), ERC-4337-friendly fallback handling and an audited newer code base; some older tools do not read it yet.',
};
