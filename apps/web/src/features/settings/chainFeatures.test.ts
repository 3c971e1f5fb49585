import { describe, expect, it } from 'vitest';
import { knownChainFeatures } from '@countersign/gateway-api';
import { chainFeatureDescriptions, describeFeatures } from './chainFeatures';

describe('chain features', () => {
  it('explains every feature the specification names', () => {
    for (const feature of knownChainFeatures) {
      expect(chainFeatureDescriptions[feature], feature).toMatch(/^[A-Z].{10,}\.$/);
    }
    expect(chainFeatureDescriptions.EIP1271).toBe('The Safe can sign messages off-chain (EIP-1271).');
  });

  it('keeps the chain’s order, lists unknown features as they are, and each once', () => {
    expect(describeFeatures(['TX_SIMULATION', 'NATIVE_SWAPS', 'ERC721', 'TX_SIMULATION'])).toEqual([
      { name: 'TX_SIMULATION', description: 'Transactions can be simulated before they are signed.' },
      { name: 'NATIVE_SWAPS', description: null },
      { name: 'ERC721', description: 'Collectibles (ERC-721 tokens) are listed with the assets.' },
    ]);
  });

  it('does not take inherited names for features', () => {
    expect(describeFeatures(['constructor', 'toString'])).toEqual([
      { name: 'constructor', description: null },
      { name: 'toString', description: null },
    ]);
  });
});
