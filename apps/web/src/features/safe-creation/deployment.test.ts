import { describe, expect, it } from 'vitest';
import { decodeFunctionData, getAddress } from 'viem';
import { safe141, safeAbi, safeProxyFactoryAbi } from '@countersign/safe-core';
import { planSafeDeployment, singletonFor } from './deployment';

const ownerA = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const ownerB = getAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');

describe('planning a Safe deployment', () => {
  it('uses the Safe singleton on Ethereum mainnet and SafeL2 elsewhere', () => {
    expect(singletonFor('1')).toBe(safe141.safe);
    expect(singletonFor('1337')).toBe(safe141.safeL2);
    expect(singletonFor('11155111')).toBe(safe141.safeL2);
  });

  it('sends createProxyWithNonce(singleton, setup(...), saltNonce) to the canonical factory', () => {
    const plan = planSafeDeployment({
      chainId: '1337',
      owners: [ownerA, ownerB],
      threshold: 2,
      saltNonce: 7n,
    });
    expect(plan.factory).toBe(safe141.safeProxyFactory);
    const call = decodeFunctionData({ abi: safeProxyFactoryAbi, data: plan.data });
    expect(call.functionName).toBe('createProxyWithNonce');
    expect(call.args).toEqual([safe141.safeL2, plan.initializer, 7n]);
    const setup = decodeFunctionData({ abi: safeAbi, data: plan.initializer });
    expect(setup.functionName).toBe('setup');
    expect(setup.args).toEqual([
      [ownerA, ownerB],
      2n,
      '0x0000000000000000000000000000000000000000',
      '0x',
      safe141.compatibilityFallbackHandler,
      '0x0000000000000000000000000000000000000000',
      0n,
      '0x0000000000000000000000000000000000000000',
    ]);
  });

  it('predicts one address per setup: salt, owners, their order, threshold and singleton all count', () => {
    const base = { chainId: '1337', owners: [ownerA, ownerB], threshold: 2, saltNonce: 7n };
    const predicted = planSafeDeployment(base).predictedAddress;
    expect(predicted).toBe(getAddress(predicted));
    expect(planSafeDeployment({ ...base }).predictedAddress).toBe(predicted);
    const variants = [
      { ...base, saltNonce: 8n },
      { ...base, owners: [ownerB, ownerA] },
      { ...base, threshold: 1 },
      { ...base, chainId: '1' },
    ].map((params) => planSafeDeployment(params).predictedAddress);
    expect(new Set([predicted, ...variants]).size).toBe(5);
    // Only the singleton differs between chains: any chain but mainnet gives the same address.
    expect(planSafeDeployment({ ...base, chainId: '100' }).predictedAddress).toBe(predicted);
  });
});
