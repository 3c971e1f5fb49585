import type { ChainInfo } from '@countersign/gateway-api';
import type { ConfiguredChain } from '../../lib/config';
import { operatorRpcUrlOf, operatorRpcChainIds } from '../../lib/rpcSources';

/**
 * The chains the app can open without the gateway: those the operator names an RPC for
 * (CHAIN_RPC_URLS), described by the operator (the local stack's devnets) or, for the chains every
 * Safe owner meets, by this table. Short names are the ones Safe's gateway uses, so a link keeps
 * working whether or not the gateway answers.
 */
const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 };

const wellKnown: Readonly<Record<string, Omit<ConfiguredChain, 'chainId'>>> = {
  '1': { chainName: 'Ethereum', shortName: 'eth', nativeCurrency: ether, l2: false },
  '10': { chainName: 'Optimism', shortName: 'oeth', nativeCurrency: ether, l2: true },
  '56': {
    chainName: 'BNB Smart Chain',
    shortName: 'bnb',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    l2: true,
  },
  '100': {
    chainName: 'Gnosis Chain',
    shortName: 'gno',
    nativeCurrency: { name: 'xDai', symbol: 'XDAI', decimals: 18 },
    l2: true,
  },
  '137': {
    chainName: 'Polygon',
    shortName: 'matic',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    l2: true,
  },
  '8453': { chainName: 'Base', shortName: 'base', nativeCurrency: ether, l2: true },
  '42161': { chainName: 'Arbitrum', shortName: 'arb1', nativeCurrency: ether, l2: true },
  '43114': {
    chainName: 'Avalanche',
    shortName: 'avax',
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    l2: true,
  },
  '11155111': { chainName: 'Sepolia', shortName: 'sep', nativeCurrency: ether, l2: false },
};

// Set once as the page starts (main.tsx), from the runtime configuration, as the operator's RPCs are.
let described: readonly ConfiguredChain[] = [];

export function setConfiguredChains(chains: readonly ConfiguredChain[] | undefined): void {
  described = chains ?? [];
}

/** A chain in the gateway's shape, from what the operator configured: no explorer, no features. */
function chainInfoOf(chain: ConfiguredChain, rpcUrl: string): ChainInfo {
  const rpc = { authentication: 'NO_AUTHENTICATION', value: rpcUrl } as const;
  return {
    chainId: chain.chainId,
    chainName: chain.chainName,
    description: '',
    chainLogoUri: null,
    l2: chain.l2,
    isTestnet: false,
    shortName: chain.shortName,
    nativeCurrency: { ...chain.nativeCurrency, logoUri: null },
    transactionService: '',
    blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
    disabledWallets: [],
    ensRegistryAddress: null,
    balancesProvider: { chainName: null, enabled: false },
    features: [],
    gasPrice: [],
    rpcUri: rpc,
    safeAppsRpcUri: rpc,
    publicRpcUri: rpc,
    theme: { textColor: '#ffffff', backgroundColor: '#475569' },
    recommendedMasterCopyVersion: null,
  };
}

/** The chains the operator's configuration alone describes, each on the operator's RPC. */
export function configuredChains(): ChainInfo[] {
  const chains: ChainInfo[] = [];
  for (const chainId of operatorRpcChainIds()) {
    const rpcUrl = operatorRpcUrlOf(chainId);
    const description =
      described.find((chain) => chain.chainId === chainId) ??
      (wellKnown[chainId] && { chainId, ...wellKnown[chainId] });
    if (rpcUrl && description) chains.push(chainInfoOf(description, rpcUrl));
  }
  return chains;
}
