import { devnetPriceFeeds, type DevnetManifest } from '@countersign/devnet/manifest';
import { safe130, safe141, safe150 } from '@countersign/safe-core';
import type { ChainConfig } from './chainConfig';

/** The devnet's chain prefix in Safe links, as in `local:0x…`. */
export const devnetShortName = 'local';

/** The features Countersign supports on its own devnet. */
export const devnetFeatures = [
  'CONTRACT_INTERACTION',
  'EIP1271',
  'EIP1559',
  'ERC721',
  'SAFE_APPS',
  'SAFE_TX_GAS_OPTIONAL',
  'TX_SIMULATION',
];

/** The chain configuration for the local devnet described by its manifest. */
export function devnetChainConfig(manifest: DevnetManifest, options: { explorerUrl: string }): ChainConfig {
  const explorer = options.explorerUrl.replace(/\/+$/, '');
  return {
    chainId: String(manifest.chainId),
    chainName: 'Countersign Devnet',
    shortName: devnetShortName,
    description: 'A local anvil chain with the canonical Safe 1.4.1 contracts',
    rpcUrl: manifest.rpcUrl,
    l2: true,
    isTestnet: true,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: null },
    blockExplorerUriTemplate: {
      address: `${explorer}/address/{{address}}`,
      txHash: `${explorer}/tx/{{txHash}}`,
      api: `${explorer}/api?module={{module}}&action={{action}}&address={{address}}&apiKey={{apiKey}}`,
    },
    ensRegistryAddress: null,
    features: devnetFeatures,
    recommendedMasterCopyVersion: safe141.version,
    // 1.3.0 too: the devnet has its singletons and a demo Safe on them (an outdated one to upgrade);
    // and 1.5.0, whose contracts it has as well.
    masterCopies: [
      { address: manifest.contracts.safeL2, version: safe141.version },
      { address: manifest.contracts.safe, version: safe141.version },
      { address: safe130.safeL2, version: safe130.version },
      { address: safe130.safe, version: safe130.version },
      { address: safe150.safeL2, version: safe150.version },
      { address: safe150.safe, version: safe150.version },
    ],
    theme: { textColor: '#ffffff', backgroundColor: '#1d4ed8' },
    // Blocks come when transactions do: look often, it costs one cheap call.
    indexer: {
      startBlock: 0,
      pollIntervalMs: 100,
      factories: [manifest.contracts.safeProxyFactory, safe130.safeProxyFactory, safe150.safeProxyFactory],
    },
    trustedTokens: manifest.tokens.map((token) => token.address),
    // ETH and DEV from the devnet's price feeds (Chainlink-shaped stand-ins, services/devnet),
    // DUSD at a fixed price, as an operator would configure a token its issuer pegs.
    priceFeeds: {
      native: devnetPriceFeeds.native,
      ...Object.fromEntries(
        manifest.tokens
          .filter((token) => token.type === 'ERC20' && token.symbol === 'DEV')
          .map((token) => [token.address, devnetPriceFeeds.DEV]),
      ),
    },
    priceFeedMaxAgeSeconds: 86_400,
    usdPrices: Object.fromEntries(
      manifest.tokens
        .filter((token) => token.type === 'ERC20' && token.symbol === 'DUSD')
        .map((token) => [token.address, '1']),
    ),
  };
}
