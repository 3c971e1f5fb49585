import type { ImplementationVersionState, SafeInfo } from '@countersign/gateway-api';

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
