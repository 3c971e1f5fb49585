import { devAccounts, devnetClients, startDevnet, type Devnet } from '@countersign/devnet';
import { safe141 } from '@countersign/safe-core';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig, openDatabase, startGateway, type Database, type Gateway } from '../src';
import { ChainRegistry } from '../src/chains/registry';
import type { GatewayHealth } from '../src/indexer/health';
import { Indexer, IndexerHaltedError, type IndexerStatus } from '../src/indexer/indexer';
import { testDatabases } from './support/databases';
import { startFailingRpcProxy, type FailingRpcProxy } from './support/failingRpcProxy';
import { executeByOwners } from './support/safes';

/** Polls `check` until it holds (each failure mode needs a few of the indexers' passes to show). */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const tables = [
  'safes',
  'safe_owners',
  'multisig_transactions',
  'history_items',
  'transfers',
  'module_transactions',
  'indexed_blocks',
] as const;

describe.each(testDatabases())('indexer behind a failing RPC on $name', ({ options }) => {
  let devnet: Devnet;
  let proxy: FailingRpcProxy;
  let db: Database;
  let indexer: Indexer;
  let gateway: Gateway;
  let clients: ReturnType<typeof devnetClients>;
  let team: Address;
  const logs: string[] = [];

  /** Every row the indexer wrote, by table, and its cursor. */
  const stored = async () => {
    const counts = {} as Record<(typeof tables)[number], number>;
    for (const table of tables) {
      const [row] = await db.query<{ n: string }>(
        `SELECT COUNT(*) AS n FROM ${table} WHERE chain_id = '1337'`,
      );
      counts[table] = Number(row?.n);
    }
    return { counts, cursor: await indexer.cursor() };
  };
  const health = async () => {
    const response = await fetch(`${gateway.url}/health`);
    expect(response.status).toBe(200);
    return (await response.json()) as GatewayHealth;
  };
  const failedPasses = () => logs.filter((line) => line.includes('trying again in')).length;
  const gatewayIndexer = () => gateway.indexers.get('1337') as Indexer;
  const head = () => clients.public.getBlockNumber({ cacheTime: 0 });

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
    clients = devnetClients(1337, devnet.rpcUrl);
    team = devnet.manifest.safes[0]!.address as Address;
    proxy = await startFailingRpcProxy(devnet.rpcUrl);
    // The gateway's own chain configuration and RPC client, only pointed at the proxy.
    const chain = {
      ...devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' }),
      rpcUrl: proxy.url,
    };
    db = await openDatabase(options());
    indexer = new Indexer({
      db,
      client: new ChainRegistry([chain]).get('1337')!.client,
      chainId: '1337',
      factories: [safe141.safeProxyFactory],
      singletons: [safe141.safeL2, safe141.safe],
      startBlock: 0n,
      pollIntervalMs: 50,
      // Short, so that a test sees many failed passes in a second or two.
      retryDelayMs: { first: 50, max: 400 },
      log: (line) => logs.push(line),
    });
    indexer.start();
    gateway = await startGateway({ port: 0, chains: [chain], corsOrigins: [] });
    const current = await head();
    await indexer.waitForBlock(current);
    await gatewayIndexer().waitForBlock(current);
  });
  afterAll(async () => {
    await indexer?.stop();
    await gateway?.close();
    await db?.close();
    await proxy?.close();
    await devnet?.stop();
  });

  it('reports every chain indexing while the RPC answers, caught up with its head', async () => {
    const current = Number(await head());
    expect(await health()).toEqual({
      status: 'ok',
      chains: {
        '1337': {
          state: 'indexing',
          block: current,
          head: current,
          lagBlocks: 0,
          lagSeconds: 0,
          role: 'indexes',
        },
      },
    });
  });

  it('keeps every row through failing getBlock and getBlockNumber calls, retrying until they answer again', async () => {
    const before = await stored();
    expect(before.counts.safes).toBeGreaterThan(0);
    expect(before.counts.history_items).toBeGreaterThan(0);

    // The block under the cursor cannot be read: once taken for a reorganisation, this erased it all.
    proxy.fail(['eth_getBlockByNumber'], 'rpc-error');
    let failures = failedPasses();
    await until('failed passes (JSON-RPC errors)', () => failedPasses() >= failures + 4);
    await until('the gateway to say it is retrying', async () => (await health()).status === 'degraded');
    const retrying = await health();
    const status = retrying.chains['1337'] as IndexerStatus;
    expect(status).toMatchObject({ state: 'retrying', block: Number(before.cursor?.number) });
    expect(status.lastError).toContain('stub failure of eth_getBlockByNumber');
    expect(indexer.status().state).toBe('retrying');

    // The node answers nothing at all, while the chain moves on behind it.
    proxy.fail(['eth_getBlockByNumber', 'eth_blockNumber'], 'http-500');
    const execution = await executeByOwners(clients, team, {
      to: devnet.manifest.accounts[8]!.address as Address,
      value: parseEther('0.01'),
    });
    failures = failedPasses();
    await until('failed passes (HTTP 500)', () => failedPasses() >= failures + 4);
    // The failure the public health check shows names no URL (an RPC URL often holds an API key).
    const down = (await health()).chains['1337'] as IndexerStatus;
    expect(down.state).toBe('retrying');
    expect(down.lastError).not.toContain(proxy.url);
    expect(down.lastError).not.toContain('127.0.0.1');

    // A node that says it has no block at a height below its own head is inconsistent, not forked.
    proxy.fail(['eth_getBlockByNumber'], 'null-result');
    failures = failedPasses();
    await until('failed passes (null blocks)', () => failedPasses() >= failures + 4);
    expect(logs.some((line) => line.includes('has no block'))).toBe(true);

    expect(await stored()).toEqual(before);
    expect(logs.filter((line) => line.includes('reorganisation'))).toEqual([]);
    expect(proxy.failed).toBeGreaterThan(12);

    proxy.recover();
    const current = await head();
    await indexer.waitForBlock(current);
    await gatewayIndexer().waitForBlock(current);
    const after = await stored();
    expect(after.cursor?.number).toBe(current);
    expect(after.counts.safes).toBe(before.counts.safes);
    expect(after.counts.safe_owners).toBe(before.counts.safe_owners);
    expect(after.counts.multisig_transactions).toBe(before.counts.multisig_transactions + 1);
    expect(
      await db.query("SELECT 1 FROM history_items WHERE safe = $1 AND kind = 'multisig' AND ref_id = $2", [
        team,
        execution.safeTxHash,
      ]),
    ).toHaveLength(1);
    expect(logs.some((line) => line.includes('indexing again after'))).toBe(true);
    expect(indexer.status()).toEqual({ state: 'indexing', block: Number(current) });
    expect(await health()).toEqual({
      status: 'ok',
      chains: {
        '1337': {
          state: 'indexing',
          block: Number(current),
          head: Number(current),
          lagBlocks: 0,
          lagSeconds: 0,
          role: 'indexes',
        },
      },
    });
  });

  it('still rolls back a chain that got shorter than its cursor, within the blocks it remembers', async () => {
    const forkAt = await head();
    await indexer.waitForBlock(forkAt);
    const snapshot = await clients.test.snapshot();
    const orphan = await executeByOwners(clients, team, {
      to: devnet.manifest.accounts[8]!.address as Address,
      value: parseEther('0.03'),
    });
    await indexer.waitForBlock(await head());
    const seen = () =>
      db.query('SELECT 1 FROM multisig_transactions WHERE safe_tx_hash = $1', [orphan.safeTxHash]);
    expect(await seen()).toHaveLength(1);

    // No block is mined after the revert: the head stays below the cursor.
    await clients.test.revert({ id: snapshot });
    await until('the rollback', async () => (await indexer.cursor())?.number === forkAt);
    expect(await seen()).toEqual([]);
    expect(logs.some((line) => line.includes(`rolling back to ${forkAt}`))).toBe(true);
    // A pass that read the head just before the revert may fail once (its block gone): it goes on.
    await until('the indexer to go on', () => {
      const status = indexer.status();
      return status.state === 'indexing' && status.block === Number(forkAt);
    });
  });

  it('halts, keeping every row, on a reorganisation deeper than the blocks it remembers', async () => {
    const snapshot = await clients.test.snapshot();
    const [ownerA, ownerB] = devAccounts().slice(1, 3);
    const orphan = await executeByOwners(clients, team, {
      to: devnet.manifest.accounts[8]!.address as Address,
      value: parseEther('0.02'),
    });
    // Past the 256 blocks whose hashes the indexer keeps: the execution's block is forgotten.
    await clients.test.mine({ blocks: 300 });
    const indexedTo = await head();
    await indexer.waitForBlock(indexedTo);
    await gatewayIndexer().waitForBlock(indexedTo);
    const before = await stored();
    expect(before.cursor?.number).toBe(indexedTo);

    // The chain goes back below every remembered block: a fork nothing stored can place.
    await clients.test.revert({ id: snapshot });
    await until('both indexers to halt', () =>
      [indexer, gatewayIndexer()].every((each) => each.status().state === 'halted'),
    );
    const halted = await health();
    expect(halted.status).toBe('degraded');
    expect(halted.chains['1337']).toMatchObject({ state: 'halted', block: Number(indexedTo) });
    expect(halted.chains['1337']?.lastError).toContain('deeper than the last 256 blocks');
    expect(logs.some((line) => line.includes('halted: the chain'))).toBe(true);
    expect(await stored()).toEqual(before);

    // A longer chain on another branch, its block at the cursor's height another one: halted too.
    await clients.wallet.sendTransaction({
      account: ownerB!.account.address,
      chain: clients.chain,
      to: ownerA!.account.address,
      value: 1n,
    });
    await clients.test.mine({ blocks: 400 });
    expect(await head()).toBeGreaterThan(indexedTo);
    await expect(indexer.runOnce()).rejects.toThrow(IndexerHaltedError);
    expect(await stored()).toEqual(before);
    expect(
      await db.query('SELECT 1 FROM multisig_transactions WHERE safe_tx_hash = $1', [orphan.safeTxHash]),
    ).toHaveLength(1);
    // It stays stopped: nothing is indexed until an operator looks.
    expect(indexer.status().state).toBe('halted');
    expect((await health()).chains['1337']?.state).toBe('halted');
  });

  it('rolls everything back when every stored row lies within the blocks it remembers', async () => {
    // Another store, indexing only from now: nothing older than its remembered blocks is stored.
    const from = (await head()) + 1n;
    const snapshot = await clients.test.snapshot();
    const fresh = await openDatabase(options());
    try {
      const recent = new Indexer({
        db: fresh,
        client: clients.public,
        chainId: '1337',
        factories: [safe141.safeProxyFactory],
        singletons: [safe141.safeL2, safe141.safe],
        startBlock: from,
      });
      recent.track(team);
      const execution = await executeByOwners(clients, team, {
        to: devnet.manifest.accounts[8]!.address as Address,
        value: parseEther('0.04'),
      });
      while (await recent.runOnce());
      const history = () =>
        fresh.query<{ ref_id: string }>('SELECT ref_id FROM history_items WHERE safe = $1', [team]);
      expect((await history()).map((row) => row.ref_id)).toEqual([execution.safeTxHash]);

      // The whole indexed stretch is orphaned, and each of its blocks was remembered.
      await clients.test.revert({ id: snapshot });
      expect(await recent.runOnce()).toBe(true);
      expect(await history()).toEqual([]);
      expect(await recent.cursor()).toBeUndefined();
      expect(recent.status().state).toBe('indexing');
      // Followed still, with the owners the chain has now.
      const owners = await fresh.query('SELECT owner FROM safe_owners WHERE safe = $1', [team]);
      expect(owners.length).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});
