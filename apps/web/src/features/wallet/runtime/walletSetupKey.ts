import type { ChainInfo } from '@countersign/gateway-api';
import { rpcUrlOf } from '../../chains';

/**
 * What a wagmi configuration is built from: the chains' RPC URLs and the wallets left out. Light on
 * purpose: the header keys the wallet runtime with it before the runtime's chunk is loaded.
 */
export function walletSetupKey(chains: readonly ChainInfo[], disabledWallets: readonly string[]): string {
  const chainPart = chains.map((chain) => `${chain.chainId}:${rpcUrlOf(chain)}`).join(',');
  return `${chainPart}|${[...disabledWallets].sort().join(',')}`;
}
