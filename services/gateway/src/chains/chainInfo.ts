import type { ChainInfo } from '@countersign/gateway-api';
import { logoUrls, nativeTokenAddress } from '../assets/icons';
import type { ChainConfig } from './chainConfig';

/**
 * A chain's ChainInfo answer. `gatewayUrl` is this gateway's public origin: it also plays the
 * transaction service, and serves the native currency's icon when the configuration names no logo.
 */
export function toChainInfo(chain: ChainConfig, gatewayUrl: string): ChainInfo {
  const publicRpc = {
    authentication: 'NO_AUTHENTICATION' as const,
    value: chain.publicRpcUrl ?? chain.rpcUrl,
  };
  return {
    chainId: chain.chainId,
    chainName: chain.chainName,
    description: chain.description,
    chainLogoUri: null,
    l2: chain.l2,
    isTestnet: chain.isTestnet,
    zk: false,
    shortName: chain.shortName,
    nativeCurrency: {
      ...chain.nativeCurrency,
      logoUri: logoUrls(gatewayUrl, chain.chainId).of(nativeTokenAddress, chain.nativeCurrency.logoUri),
    },
    transactionService: gatewayUrl.replace(/\/+$/, ''),
    blockExplorerUriTemplate: chain.blockExplorerUriTemplate,
    beaconChainExplorerUriTemplate: { publicKey: null },
    disabledWallets: [],
    ensRegistryAddress: chain.ensRegistryAddress,
    balancesProvider: { chainName: null, enabled: false },
    features: chain.features,
    // The node prices gas itself; a fixed EIP-1559 fallback is what a client uses if it cannot.
    gasPrice: [{ type: 'fixed1559', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' }],
    rpcUri: publicRpc,
    safeAppsRpcUri: publicRpc,
    publicRpcUri: publicRpc,
    theme: chain.theme,
    recommendedMasterCopyVersion: chain.recommendedMasterCopyVersion,
    relayer: null,
  };
}
