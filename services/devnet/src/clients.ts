import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  publicActions,
} from 'viem';
import { multicall3Address } from '@countersign/safe-core';

export function devnetChain(chainId: number, rpcUrl: string) {
  return defineChain({
    id: chainId,
    name: 'Countersign Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: multicall3Address } },
    testnet: true,
  });
}

/** Clients for driving a local chain: polling at 50 ms, since blocks are mined instantly. */
export function devnetClients(chainId: number, rpcUrl: string) {
  const chain = devnetChain(chainId, rpcUrl);
  const transport = http(rpcUrl, { retryCount: 0 });
  return {
    chain,
    public: createPublicClient({ chain, transport, pollingInterval: 50 }),
    test: createTestClient({ chain, transport, mode: 'anvil', pollingInterval: 50 }).extend(publicActions),
    wallet: createWalletClient({ chain, transport, pollingInterval: 50 }),
  };
}
export type DevnetClients = ReturnType<typeof devnetClients>;
