import { defineChain, type Chain } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { rpcUrlOf } from '../../chains';

// The wallet's networks come from the gateway's chain list, never from a built-in table: RPC URL,
// explorer and native currency are what `wallet_addEthereumChain` offers a wallet that lacks one.

/**
 * RainbowKit links an account as `{explorer}/address/{address}`, so the explorer is usable only when
 * the chain's template has exactly that shape.
 */
function explorerOf(chain: ChainInfo): { name: string; url: string } | undefined {
  const suffix = '/address/{{address}}';
  const template = chain.blockExplorerUriTemplate.address;
  if (!template.endsWith(suffix)) return undefined;
  try {
    const url = new URL(template.slice(0, -suffix.length));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return { name: `${chain.chainName} explorer`, url: url.href.replace(/\/$/, '') };
  } catch {
    return undefined;
  }
}

export function toWalletChain(chain: ChainInfo): Chain {
  const rpc = rpcUrlOf(chain);
  const explorer = explorerOf(chain);
  return defineChain({
    id: Number(chain.chainId),
    name: chain.chainName,
    nativeCurrency: {
      name: chain.nativeCurrency.name,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
    },
    rpcUrls: { default: { http: [rpc] } },
    blockExplorers: explorer ? { default: explorer } : undefined,
    testnet: chain.isTestnet,
  });
}

/** The chains a wallet can use: those with a usable http(s) RPC URL. */
export function walletChainsOf(chains: readonly ChainInfo[]): Chain[] {
  return chains
    .filter((chain) => /^https?:\/\//.test(rpcUrlOf(chain)) && Number(chain.chainId) > 0)
    .map(toWalletChain);
}
