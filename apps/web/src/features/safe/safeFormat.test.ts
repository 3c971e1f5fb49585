import { describe, expect, it } from 'vitest';
import type { AddressInfo } from '@countersign/gateway-api';
import { checksummed } from '../../ui';
import { tagDate, thresholdLabel, versionStateLabel } from './safeFormat';

const owner = (value: string): AddressInfo => ({ value, name: null, logoUri: null });

describe('safe formatting', () => {
  it('labels the implementation version state', () => {
    expect(versionStateLabel('UP_TO_DATE')).toBe('Up to date');
    expect(versionStateLabel('OUTDATED')).toBe('Outdated');
    expect(versionStateLabel('UNKNOWN')).toBe('Unknown');
  });

  it('writes the threshold as "t of n"', () => {
    expect(thresholdLabel({ threshold: 2, owners: [owner('0x1'), owner('0x2'), owner('0x3')] })).toBe(
      '2 of 3',
    );
    expect(thresholdLabel({ threshold: 1, owners: [owner('0x1')] })).toBe('1 of 1');
  });

  it('reads tags as Unix seconds', () => {
    expect(tagDate('1700000000')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(tagDate('0')?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('has no date for a null or unreadable tag', () => {
    expect(tagDate(null)).toBeNull();
    expect(tagDate('')).toBeNull();
    expect(tagDate('12.5')).toBeNull();
    expect(tagDate('9'.repeat(30))).toBeNull();
  });
});

describe('checksummed', () => {
  it('checksums a lower-case address and leaves anything else alone', () => {
    expect(checksummed('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(checksummed('not an address')).toBe('not an address');
  });
});
