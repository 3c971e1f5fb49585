import { describe, expect, it } from 'vitest';
import { encodeFunctionData, parseAbi, type Address } from 'viem';
import {
  encodeMultiSend,
  safe130,
  safe141,
  safeMigration141Address,
  safeUpgradeCall,
} from '@countersign/safe-core';
import { innerCalls } from '../verify';
import { callWarnings, nonceWarnings } from './reviewChecks';

const safe: Address = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const other: Address = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';
const safeAbi = parseAbi([
  'function changeThreshold(uint256)',
  'function addOwnerWithThreshold(address, uint256)',
]);
const changeThreshold = encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [1n] });

describe('callWarnings', () => {
  it('says nothing of a plain payment', () => {
    expect(callWarnings({ to: other, value: 1n, data: '0x', operation: 0 }, safe)).toEqual([]);
  });

  it('refuses to stay quiet about a delegatecall to anything but the canonical libraries', () => {
    const warnings = callWarnings({ to: other, value: 0n, data: '0x12345678', operation: 1 }, safe);
    expect(warnings.map((w) => [w.id, w.tone])).toEqual([['delegatecall', 'danger']]);
    expect(warnings[0]!.text).toContain(other);
  });

  it('trusts MultiSendCallOnly and SignMessageLib, 1.3.0 deployments included', () => {
    for (const to of [
      safe141.multiSendCallOnly,
      safe141.signMessageLib,
      '0x40A2aCCbd92BCA938b02010E17A5b8929b49130D' as Address,
    ]) {
      expect(callWarnings({ to, value: 0n, data: '0x', operation: 1 }, safe)).toEqual([]);
    }
  });

  it('warns of a settings change, also inside a batch, and of a delegatecall inside a MultiSend', () => {
    expect(
      callWarnings({ to: safe, value: 0n, data: changeThreshold, operation: 0 }, safe).map((w) => w.id),
    ).toEqual(['settings']);
    const batch = encodeMultiSend([
      { to: other, value: 1n, data: '0x', operation: 0 },
      { to: safe, value: 0n, data: changeThreshold, operation: 0 },
      { to: other, value: 0n, data: '0xdeadbeef', operation: 1 },
    ]);
    const call = { to: safe141.multiSend, value: 0n, data: batch, operation: 1 as const };
    expect(innerCalls(call)).toHaveLength(3);
    expect(callWarnings(call, safe).map((w) => w.id)).toEqual(['delegatecall', 'settings']);
  });

  it('calls an upgrade by the canonical SafeMigration a change of the Safe’s code, in words, not a danger', () => {
    const call = safeUpgradeCall({
      method: 'migrateL2WithFallbackHandler',
      migration: safeMigration141Address,
    });
    const warnings = callWarnings(call, safe);
    expect(warnings.map((w) => [w.id, w.tone])).toEqual([['upgrade', 'warn']]);
    expect(warnings[0]!.text).toContain(
      'upgrades the Safe to SafeL2 1.4.1 with the fallback handler CompatibilityFallbackHandler 1.4.1',
    );
  });

  it('calls migrateSingleton on an L2 Safe a danger to its history, and not on a plain Safe', () => {
    const call = safeUpgradeCall({ method: 'migrateSingleton', migration: safeMigration141Address });
    const onL2 = callWarnings(call, safe, safe130.safeL2);
    expect(onL2.map((w) => [w.id, w.tone, w.title])).toEqual([
      ['upgrade', 'danger', 'Indexers lose the Safe’s history'],
    ]);
    expect(onL2[0]!.text).toContain('from SafeL2 1.3.0');
    // The Safe's singleton not read yet: said as a condition, still a danger.
    expect(callWarnings(call, safe).map((w) => w.tone)).toEqual(['danger']);
    expect(callWarnings(call, safe, safe130.safe).map((w) => [w.id, w.tone])).toEqual([['upgrade', 'warn']]);
  });

  it('does not call a settings method on another contract a change of this Safe', () => {
    expect(callWarnings({ to: other, value: 0n, data: changeThreshold, operation: 0 }, safe)).toEqual([]);
  });
});

describe('nonceWarnings', () => {
  const state = { currentNonce: 8, recommendedNonce: 10 };
  it('accepts the recommended nonce', () => {
    expect(nonceWarnings(10, state, [8, 9])).toEqual([]);
  });
  it('says a used nonce cannot execute', () => {
    expect(nonceWarnings(7, state, [8, 9]).map((w) => [w.id, w.tone])).toEqual([['nonce-used', 'danger']]);
  });
  it('says a queued nonce replaces what is queued there', () => {
    expect(nonceWarnings(8, state, [8, 9]).map((w) => w.id)).toEqual(['nonce-replaces']);
  });
  it('says a nonce beyond the next leaves a gap', () => {
    const [warning] = nonceWarnings(12, state, [8, 9]);
    expect(warning?.id).toBe('nonce-skips');
    expect(warning?.text).toContain('before nonces 10 to 11 have executed');
  });
  it('speaks of one missing nonce in the singular', () => {
    const [warning] = nonceWarnings(11, state, [8, 9]);
    expect(warning?.text).toContain('before nonce 10 has executed');
  });
});
