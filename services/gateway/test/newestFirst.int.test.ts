import { devAccounts, devnetClients, startDevnet, type Devnet } from '@countersign/devnet';
import {
  pageSchema,
  safeInfoSchema,
  transactionListItemSchema,
  type SafeInfo,
  type TransactionSummary,
} from '@countersign/gateway-api';
import { safe141 } from '@countersign/safe-core';
import { parseEther, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig, startGateway, type Gateway } from '../src';
import { startCountingRpcProxy, type Call, type CountingRpcProxy } from './support/countingRpcProxy';
import { testDatabases } from './support/databases';
import { lookalike } from './support/lookalike';
import { deploySafeWithoutFactory, executeByOwners, sendTokens } from './support/safes';
import { until } from './support/until';

const accounts = devAccounts();
const deployer = accounts[0]!.account.address;
const recipient = accounts[8]!.account.address;
const payee = accounts[9]!.account.address;
const poisoner = lookalike(recipient, 10);
/** Executions after the first payment and the dust: the Safe's latest page and more. */
const later = 12;

/**
 * Issue 31, item 7: a Safe the gateway never followed, with a past, is asked about. The gateway
 * reads that past newest first, 4 blocks a read, so its latest page is served while older blocks are
 * still being read (here held back at the RPC), and says how far back the history is complete.
 */
describe.each(testDatabases())('a Safe asked about with a past, on $name', ({ options }) => {
  let devnet: Devnet;
  let proxy: CountingRpcProxy;
  let gateway: Gateway;
  let clients: ReturnType<typeof devnetClients>;
  let plain: Address;
  /** The blocks of the executions at nonce 0 to `later`. */
  const executedAt: bigint[] = [];
  let poisonedAt: bigint;

  async function get(path: string) {
    const response = await fetch(`${gateway.url}${path}`);
    expect(response.status, path).toBe(200);
    return response.json() as Promise<unknown>;
  }
  const safeInfo = async (): Promise<SafeInfo> =>
    safeInfoSchema.parse(await get(`/v1/chains/1337/safes/${plain}`));
  async function history(offset = 0, limit = 50) {
    const page = pageSchema(transactionListItemSchema).parse(
      await get(
        `/v1/chains/1337/safes/${plain}/transactions/history?cursor=limit%3D${limit}%26offset%3D${offset}`,
      ),
    );
    return {
      count: page.count ?? -1,
      txs: page.results.flatMap((item) => (item.type === 'TRANSACTION' ? [item.transaction] : [])),
    };
  }
  const nonceOf = (tx: TransactionSummary) =>
    tx.executionInfo?.type === 'MULTISIG' ? tx.executionInfo.nonce : undefined;
  const blockOf = async (hash: Hex) =>
    (await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 })).blockNumber;
  const indexed = async () =>
    gateway.indexers.get('1337')?.waitForBlock(await clients.public.getBlockNumber({ cacheTime: 0 }));

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
    clients = devnetClients(1337, devnet.rpcUrl);
    proxy = await startCountingRpcProxy(devnet.rpcUrl);
    const chain = devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' });
    gateway = await startGateway({
      port: 0,
      chains: [{ ...chain, rpcUrl: proxy.url, indexer: { ...chain.indexer, maxBlocksPerQuery: 4 } }],
      corsOrigins: [],
      store: options(),
    });

    // A plain 1.4.1 Safe nobody follows: funded, pays the recipient, gets look-alike dust, then pays on.
    plain = await deploySafeWithoutFactory(clients, safe141.safe);
    const first = await executeByOwners(clients, plain, { to: recipient, value: parseEther('0.1') });
    executedAt.push(await blockOf(first.transactionHash));
    await clients.test.mine({ blocks: 8 });
    const dev = devnet.manifest.tokens.find((token) => token.symbol === 'DEV')!.address as Address;
    await clients.test.impersonateAccount({ address: poisoner });
    await clients.test.setBalance({ address: poisoner, value: parseEther('1') });
    await sendTokens(clients, dev, deployer, poisoner, '1');
    poisonedAt = (await sendTokens(clients, dev, poisoner, plain, '0.001')).blockNumber;
    await clients.test.mine({ blocks: 8 });
    for (let i = 0; i < later; i += 1) {
      const { transactionHash } = await executeByOwners(clients, plain, { to: payee, value: 1n });
      executedAt.push(await blockOf(transactionHash));
    }
    await clients.test.mine({ blocks: 8 });
    await indexed();
  });
  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await devnet?.stop();
  });

  it('serves its latest page while its older blocks are still being read, and says from where it is complete', async () => {
    // The node answers reads of blocks at or above the execution at nonce 8 and holds back the rest.
    const heldBelow = executedAt[8]!;
    const hold = proxy.hold(
      (call: Call) =>
        call.method === 'eth_getLogs' && BigInt((call.params?.[0] as { toBlock: Hex }).toBlock) < heldBelow,
    );
    try {
      expect((await safeInfo()).historyCompleteFrom).toBeUndefined();
      await until('the past to be read down to the held blocks', async () => hold.held > 0, 15_000);
      const info = await safeInfo();
      const from = info.historyCompleteFrom;
      expect(from).toBeDefined();
      expect(BigInt(from!.blockNumber)).toBeLessThanOrEqual(heldBelow);
      expect(BigInt(from!.blockNumber)).toBeGreaterThan(poisonedAt);
      const block = await clients.public.getBlock({ blockNumber: BigInt(from!.blockNumber) });
      expect(from!.timestamp).toBe(Number(block.timestamp) * 1000);

      const { count, txs } = await history();
      const nonces = txs.map(nonceOf);
      // The newest first, with no gap: everything from the complete-from block on, nothing older.
      expect(nonces[0]).toBe(later);
      expect(count).toBe(txs.length);
      expect(nonces).toEqual(nonces.map((_, i) => later - i));
      expect(count).toBeGreaterThanOrEqual(later - 8 + 1);
      expect(count).toBeLessThan(later);
      for (const nonce of nonces) expect(BigInt(from!.blockNumber)).toBeLessThanOrEqual(executedAt[nonce!]!);
    } finally {
      hold.release();
    }
    const newest = (await history(0, 1)).txs[0]?.id;

    await until(
      'the whole past to be read',
      async () => (await safeInfo()).historyCompleteFrom === undefined,
    );
    await indexed();
    const whole = await history();
    // Funding, the first payment, the dust and the later payments.
    expect(whole.count).toBe(later + 3);
    expect(whole.txs[0]?.id).toBe(newest);
    expect(whole.txs.map(nonceOf).filter((n) => n !== undefined)).toEqual(
      Array.from({ length: later + 1 }, (_, i) => later - i),
    );
    const dust = whole.txs.at(-3)!;
    expect(dust.txInfo).toMatchObject({
      type: 'Transfer',
      direction: 'INCOMING',
      sender: { value: poisoner },
      // Written before the payment it imitates was read: flagged once that payment was.
      transferInfo: { type: 'ERC20', imitation: true },
    });
    expect(whole.txs.at(-1)?.txInfo).toMatchObject({ type: 'Transfer', direction: 'INCOMING' });

    // Small pages over the whole: the same items in the same order, none twice.
    const paged: string[] = [];
    for (let offset = 0; offset < whole.count; offset += 4)
      paged.push(...(await history(offset, 4)).txs.map((tx) => tx.id));
    expect(paged).toEqual(whole.txs.map((tx) => tx.id));
  }, 60_000);

  it('then follows it like any other Safe', async () => {
    const { safeTxHash } = await executeByOwners(clients, plain, { to: payee, value: 2n });
    await indexed();
    const { count, txs } = await history(0, 5);
    expect(count).toBe(later + 4);
    expect(txs[0]?.id).toBe(`multisig_${plain}_${safeTxHash}`);
    expect(txs.map(nonceOf)).toEqual([later + 1, later, later - 1, later - 2, later - 3]);
  });
});
