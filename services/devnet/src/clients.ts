import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  publicActions,
  WaitForTransactionReceiptTimeoutError,
  type Hash,
  type TransactionReceipt,
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

/** How long a transaction may wait for its block before the block is asked for. */
const UNMINED_AFTER_MS = 5_000;

/**
 * The receipt of a transaction sent to the devnet. Anvil mines each transaction as it arrives, yet
 * on a loaded machine it has left one in its pool for good (a fresh `npm start` then waited on its
 * seeding until killed; foundry-rs/foundry#10122 reports the same of auto-mining). A transaction
 * still pending after a few seconds gets its block mined on request; one the chain does not know,
 * or a chain that does not answer, ends the wait with an error that says so.
 */
export async function receiptOf(
  clients: DevnetClients,
  hash: Hash,
  unminedAfterMs = UNMINED_AFTER_MS,
): Promise<TransactionReceipt> {
  for (let nudges = 0; ; nudges++) {
    try {
      return await clients.public.waitForTransactionReceipt({
        hash,
        pollingInterval: 20,
        timeout: unminedAfterMs,
      });
    } catch (error) {
      if (!(error instanceof WaitForTransactionReceiptTimeoutError) || nudges === 3) throw error;
    }
    const transaction = await clients.public.getTransaction({ hash }).catch((error: unknown) => {
      throw new Error(
        `the devnet did not mine transaction ${hash} and could not say why: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    });
    if (transaction.blockNumber !== null) continue;
    if (process.env.COUNTERSIGN_START_TRACE === '1')
      process.stderr.write(
        `devnet: transaction ${hash} left unmined for ${unminedAfterMs} ms; mining its block\n`,
      );
    await clients.test.mine({ blocks: 1 });
  }
}
