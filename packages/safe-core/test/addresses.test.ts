import { createRequire } from 'node:module';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  canonicalFallbackHandlerName,
  canonicalSingletonName,
  fallbackHandlerStorageSlot,
  guardStorageSlot,
  safe141,
  safe141DeploymentNames,
  type Safe141ContractName,
} from '../src';

const require = createRequire(import.meta.url);

describe('Safe 1.4.1 canonical addresses', () => {
  it.each(Object.entries(safe141DeploymentNames))(
    '%s matches @safe-global/safe-deployments',
    (name, file) => {
      const deployment = require(`@safe-global/safe-deployments/dist/assets/v1.4.1/${file}.json`) as {
        deployments: { canonical: { address: string } };
        networkAddresses: Record<string, string | string[]>;
      };
      expect(getAddress(safe141[name as Safe141ContractName])).toBe(
        getAddress(deployment.deployments.canonical.address),
      );
      expect(deployment.networkAddresses['1337']).toEqual('canonical');
    },
  );

  it('derives the Safe storage slots from their documented preimages', () => {
    expect(fallbackHandlerStorageSlot.toString(16)).toBe(
      '6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5',
    );
    expect(guardStorageSlot.toString(16)).toBe(
      '4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8',
    );
  });
});

describe('canonical singletons and fallback handlers', () => {
  const deployments = (version: string, file: string) =>
    (
      require(`@safe-global/safe-deployments/dist/assets/${version}/${file}.json`) as {
        deployments: Record<string, { address: string }>;
      }
    ).deployments;

  it.each([
    ['v1.4.1', 'safe'],
    ['v1.4.1', 'safe_l2'],
    ['v1.3.0', 'gnosis_safe'],
    ['v1.3.0', 'gnosis_safe_l2'],
  ])('knows every deployment of %s %s as a singleton', (version, file) => {
    for (const { address } of Object.values(deployments(version, file)))
      expect(canonicalSingletonName(address), address).not.toBeNull();
  });

  it.each([
    ['v1.4.1', 'compatibility_fallback_handler'],
    ['v1.3.0', 'compatibility_fallback_handler'],
  ])('knows every deployment of %s %s as a fallback handler', (version, file) => {
    for (const { address } of Object.values(deployments(version, file)))
      expect(canonicalFallbackHandlerName(address), address).not.toBeNull();
  });

  it('knows nothing else', () => {
    expect(canonicalSingletonName(safe141.compatibilityFallbackHandler)).toBeNull();
    expect(canonicalFallbackHandlerName(safe141.safeL2)).toBeNull();
    expect(canonicalSingletonName('not an address')).toBeNull();
  });
});
