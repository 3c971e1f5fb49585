import { describe, expect, it } from 'vitest';
import { implementationVersionState } from '../src/safes/safeInfo';

const singleton = '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762';
const chain = {
  recommendedMasterCopyVersion: '1.4.1',
  masterCopies: [{ address: singleton, version: '1.4.1' }],
};

describe('implementationVersionState', () => {
  it('is UP_TO_DATE for a known singleton at the recommended version or newer', () => {
    expect(implementationVersionState('1.4.1', singleton, chain)).toBe('UP_TO_DATE');
    expect(implementationVersionState('1.5.0', singleton.toLowerCase() as `0x${string}`, chain)).toBe(
      'UP_TO_DATE',
    );
  });

  it('is OUTDATED below the recommended version', () => {
    expect(implementationVersionState('1.3.0', singleton, chain)).toBe('OUTDATED');
    expect(implementationVersionState('1.4.0', singleton, chain)).toBe('OUTDATED');
  });

  it('is UNKNOWN when a version is missing or not semver, or the singleton is not a master copy', () => {
    expect(implementationVersionState(null, singleton, chain)).toBe('UNKNOWN');
    expect(implementationVersionState('v1', singleton, chain)).toBe('UNKNOWN');
    expect(
      implementationVersionState('1.4.1', singleton, { ...chain, recommendedMasterCopyVersion: null }),
    ).toBe('UNKNOWN');
    expect(implementationVersionState('1.4.1', '0x0000000000000000000000000000000000000abc', chain)).toBe(
      'UNKNOWN',
    );
  });
});
