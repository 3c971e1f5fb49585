import { describe, expect, it } from 'vitest';
import { encodeFunctionData, parseEther, type Address } from 'viem';
import { encodeSafeSetup, safe141, safe150, safeProxyFactoryAbi } from '@countersign/safe-core';
import { describeCall } from '../verify';
import { checkOtherOwners, nestedSafeActions, nestedSafePlan, type NestedSafeSetup } from './nestedSafe';

const safe: Address = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const carol: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const dave: Address = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';
const native = { symbol: 'ETH', decimals: 18 };
const setup = (over: Partial<NestedSafeSetup> = {}): NestedSafeSetup => ({
  chainId: '31337',
  safe,
  others: [carol],
  threshold: 2,
  version: '1.4.1',
  saltNonce: 42n,
  funding: 0n,
  native,
  ...over,
});
const context = { safe, native };

describe('the other owners of a nested Safe, one a line', () => {
  it('reads addresses, skipping blank lines, and names each bad line', () => {
    expect(checkOtherOwners(`${carol}\n\n  ${dave}  \n`, safe, 'local')).toEqual({
      ok: true,
      value: [carol, dave],
    });
    expect(checkOtherOwners('', safe, 'local')).toEqual({ ok: true, value: [] });
    const bad = checkOtherOwners(`${carol}\nnot an address\n${safe}\n${carol.toLowerCase()}`, safe, 'local');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error).toContain('Line 2:');
    expect(bad.error).toContain('Line 3: this Safe is an owner already');
    expect(bad.error).toContain('Line 4: this owner is listed twice.');
    expect(checkOtherOwners('0x0000000000000000000000000000000000000001', safe, 'local')).toEqual({
      ok: false,
      error: 'Line 1: The zero address and 0x…0001 cannot be owners.',
    });
  });
});

describe('creating a nested Safe: one transaction of the current Safe', () => {
  it('puts the current Safe first among the owners and deploys through the canonical factory', () => {
    const plan = nestedSafePlan(setup());
    expect(plan.owners).toEqual([safe, carol]);
    expect(plan.factory).toBe(safe141.safeProxyFactory);
    const [deploy, ...rest] = nestedSafeActions(setup(), plan);
    expect(rest).toEqual([]);
    expect(deploy).toMatchObject({ to: safe141.safeProxyFactory, value: 0n, data: plan.data });
    // The review words it from the bytes: the address it computes is the form's.
    expect(describeCall({ ...deploy!, operation: 0 }, context)).toBe(
      `Create a Safe at ${plan.predictedAddress} (SafeL2 1.4.1, through SafeProxyFactory 1.4.1), owned by ${safe} (this Safe), ${carol}, 2 of 2 to confirm`,
    );
  });

  it('funds it after the deployment, from the same transaction', () => {
    const funded = setup({ funding: parseEther('0.5'), version: '1.5.0', others: [], threshold: 1 });
    const plan = nestedSafePlan(funded);
    expect(plan.factory).toBe(safe150.safeProxyFactory);
    const actions = nestedSafeActions(funded, plan);
    expect(actions).toHaveLength(2);
    expect(actions[1]).toMatchObject({ to: plan.predictedAddress, value: parseEther('0.5'), data: '0x' });
    expect(actions[1]?.label).toBe(`Send 0.5 ETH to the new Safe ${plan.predictedAddress}`);
    expect(describeCall({ ...actions[0]!, operation: 0 }, context)).toContain(
      `Create a Safe at ${plan.predictedAddress} (SafeL2 1.5.0, through SafeProxyFactory 1.5.0), owned by ${safe} (this Safe), 1 of 1`,
    );
  });

  it('the review names what a form would not: a setup delegatecall, an unknown factory', () => {
    const initializer = encodeSafeSetup({
      owners: [carol],
      threshold: 1n,
      fallbackHandler: safe141.compatibilityFallbackHandler,
      to: dave,
      data: '0x1234',
    });
    const data = encodeFunctionData({
      abi: safeProxyFactoryAbi,
      functionName: 'createProxyWithNonce',
      args: [safe141.safeL2, initializer, 1n],
    });
    const words = describeCall({ to: safe141.safeProxyFactory, value: 0n, data, operation: 0 }, context);
    expect(words).toContain(
      `during setup it delegatecalls ${dave}, which can change anything in the new Safe`,
    );
    expect(describeCall({ to: dave, value: 0n, data, operation: 0 }, context)).toContain(
      `Create a Safe at an address not predicted here (SafeL2 1.4.1, through ${dave} (not a canonical SafeProxyFactory))`,
    );
  });
});
