import { knownChainFeatures, type ChainFeature } from '@countersign/gateway-api';

/** The specification's chain features, each in a short phrase. */
export const chainFeatureDescriptions: Record<ChainFeature, string> = {
  ERC721: 'Collectibles (ERC-721 tokens) are listed with the assets.',
  SAFE_APPS: 'Safe Apps can be opened inside the Safe.',
  CONTRACT_INTERACTION: 'Transactions may call any contract with data of their own.',
  DOMAIN_LOOKUP: 'Names (ENS) resolve to addresses.',
  SPENDING_LIMIT: 'Owners can give others limited allowances to spend from the Safe.',
  EIP1559: 'Fees are paid the EIP-1559 way: a base fee plus a priority fee.',
  SAFE_TX_GAS_OPTIONAL: 'A Safe transaction may leave its safeTxGas at 0, to be estimated when executed.',
  TX_SIMULATION: 'Transactions can be simulated before they are signed.',
  EIP1271: 'The Safe can sign messages off-chain (EIP-1271).',
};

export type DescribedFeature = { name: string; description: string | null };

const known = new Set<string>(knownChainFeatures);

/** The chain's features in its order, each with its description, or null for one the spec does not name. */
export function describeFeatures(features: readonly string[]): DescribedFeature[] {
  return [...new Set(features)].map((name) => ({
    name,
    description: known.has(name) ? chainFeatureDescriptions[name as ChainFeature] : null,
  }));
}
