import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetClients, startDevnet, type Devnet } from '@countersign/devnet';
import { safe141 } from '@countersign/safe-core';
import pg from 'pg';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devnetChainConfig,
  openDatabase,
  startGateway,
  type ChainConfig,
  type Database,
  type Gateway,
} from '../src';
import { ChainRegistry } from '../src/chains/registry';
import { Indexer } from '../src/indexer/indexer';
import { indexingLockSpace } from '../src/indexer/replicas';
import { startCountingRpcProxy, type CountingRpcProxy } from './support/countingRpcProxy';
import { postgresTestUrl } from './support/databases';
import {
  chainHealth,
  indexing,
  replicaSet,
  stopProcess,
  type GatewayProcess,
} from './support/gatewayProcess';
import { deploySafeWithoutFactory, executeByOwners } from './support/safes';
import { sleep, until } from './support/until';

const postgresUrl = postgresTestUrl();

async function leaderGauge(replica: Pick<GatewayProcess, 'url'>): Promise<number> {
  const text = await (await fetch(`${replica.url}/metrics`)).text();
  return Number(/^indexer_leader\{chain="1337"\} (\d+)$/m.exec(text)?.[1]);
}

/**
 * What the indexer writes of a chain's history (indexed_blocks depends on where passes ended). A
 * transaction's details, once read, fill its fee and move its signatures into confirmations: those
 * are left out, as the reads differ.
 */
const historyTables = [
  'safes',
  'safe_owners',
  'multisig_transactions',
  'history_items',
  'transfers',
  'module_transactions',
  'tokens',
  'safe_recipients',
] as const;

describe('one gateway on the embedded database', () => {
  let devnet: Devnet;
  let proxy: CountingRpcProxy;
  let gateway: Gateway;
  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
    proxy = await startCountingRpcProxy(devnet.rpcUrl);
    const config = devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' });
    gateway = await startGateway({
      port: 0,
      corsOrigins: [],
      chains: [{ ...config, rpcUrl: proxy.url, indexer: { ...config.indexer, pollIntervalMs: 1_000 } }],
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await devnet?.stop();
  });

  it('indexes every chain itself (no lease: one process), at one RPC call a poll while idle', async () => {
    const current = await devnetClients(1337, devnet.rpcUrl).public.getBlockNumber({ cacheTime: 0 });
    await gateway.indexers.get('1337')!.waitForBlock(current);
    const replica = { url: gateway.url };
    expect(await chainHealth(replica)).toMatchObject({ role: 'indexes', state: 'indexing', lagBlocks: 0 });
    expect(await leaderGauge(replica)).toBe(1);
    await sleep(1_500);
    proxy.reset();
    await sleep(3_000);
    expect(proxy.byMethod).toEqual({ eth_getBlockByNumber: expect.any(Number) as number });
    expect(proxy.calls).toBeLessThanOrEqual(4);

    // A new block with an execution in it: a bounded few calls more than the polls.
    const clients = devnetClients(1337, devnet.rpcUrl);
    const team = devnet.manifest.safes[0]!.address as Address;
    proxy.reset();
    const started = Date.now();
    await executeByOwners(clients, team, { to: devnet.manifest.accounts[8]!.address as Address, value: 1n });
    await gateway.indexers.get('1337')!.waitForBlock(await clients.public.getBlockNumber({ cacheTime: 0 }));
    const polls = Math.ceil((Date.now() - started) / 1_000) + 1;
    console.log(`one new block with an execution: ${proxy.calls} calls ${JSON.stringify(proxy.byMethod)}`);
    expect(proxy.calls).toBeLessThanOrEqual(polls + 10);
  }, 30_000);
});

// Only where a PostgreSQL is given (see support/databases.ts): PGlite serves one process.
if (postgresUrl)
  describe('gateway replicas on one PostgreSQL', () => {
    const url = postgresUrl as string;
    const schema = `test_${Math.random().toString(16).slice(2, 14)}`;
    let devnet: Devnet;
    let proxy: CountingRpcProxy;
    let clients: ReturnType<typeof devnetClients>;
    let chain: ChainConfig;
    const dir = mkdtempSync(join(tmpdir(), 'countersign-replicas-'));
    const set = replicaSet({ chainsFile: join(dir, 'chains.json'), databaseUrl: url, schema });
    const { all: replicas, alive, spawn: spawnReplica } = set;
    const head = () => clients.public.getBlockNumber({ cacheTime: 0 });

    beforeAll(async () => {
      devnet = await startDevnet({ port: 0 });
      clients = devnetClients(1337, devnet.rpcUrl);
      proxy = await startCountingRpcProxy(devnet.rpcUrl);
      const config = devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' });
      // The production poll interval (the devnet's own polls ten times as often, for the e2e tests).
      chain = { ...config, rpcUrl: proxy.url, indexer: { ...config.indexer, pollIntervalMs: 1_000 } };
      writeFileSync(join(dir, 'chains.json'), JSON.stringify([chain]));
    });
    afterAll(async () => {
      await Promise.all(replicas.map((replica) => stopProcess(replica.child)));
      await proxy?.close();
      await devnet?.stop();
      rmSync(dir, { recursive: true, force: true });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      for (const suffix of ['', '_ref', '_race', '_alone'])
        await admin.query(`DROP SCHEMA IF EXISTS ${schema}${suffix} CASCADE`);
      await admin.end();
    });

    it('exactly one of three indexes, and together they cost an idle chain what one does', async () => {
      const first = await spawnReplica();
      const current = Number(await head());
      await until('the first replica to catch up', async () => (await chainHealth(first))?.block === current);
      await sleep(1_500);
      proxy.reset();
      await sleep(6_000);
      const one = { calls: proxy.calls, byMethod: proxy.byMethod };

      const others = await Promise.all([spawnReplica(), spawnReplica()]);
      await sleep(1_500);
      proxy.reset();
      await sleep(6_000);
      const three = { calls: proxy.calls, byMethod: proxy.byMethod };
      console.log(
        `idle chain, 6 s: 1 replica ${one.calls} RPC calls (${one.calls * 10}/min) ${JSON.stringify(one.byMethod)}; ` +
          `3 replicas ${three.calls} (${three.calls * 10}/min) ${JSON.stringify(three.byMethod)}`,
      );

      // The first kept its lease; the two others follow, showing the lag the store holds.
      expect(await indexing(replicas)).toEqual([first]);
      expect(await Promise.all(replicas.map(leaderGauge))).toEqual([1, 0, 0]);
      for (const follower of others)
        expect(await chainHealth(follower)).toMatchObject({
          role: 'follows',
          state: 'following',
          block: current,
          head: current,
          lagBlocks: 0,
        });
      // One call a second while idle (the head, with its hash), and no more for three replicas.
      expect(one.calls).toBeLessThanOrEqual(8);
      expect(three.calls).toBeLessThanOrEqual(one.calls + 2);
    }, 60_000);

    it('a follower serves a new execution as soon as the replica indexing it wrote it', async () => {
      const [leader] = await indexing(alive());
      const follower = alive().find((r) => r !== leader) as GatewayProcess;
      const team = devnet.manifest.safes[0]!.address as Address;
      const execution = await executeByOwners(clients, team, {
        to: devnet.manifest.accounts[8]!.address as Address,
        value: parseEther('0.01'),
      });
      const inHistory = async (replica: GatewayProcess) => {
        const response = await fetch(
          `${replica.url}/v1/chains/1337/transactions/${execution.safeTxHash}`,
        ).catch(() => undefined);
        return (
          response?.ok === true && ((await response.json()) as { txStatus?: string }).txStatus === 'SUCCESS'
        );
      };
      // Both asked side by side, every 25 ms: when did each first serve it as executed?
      const started = Date.now();
      const servedAfter = async (replica: GatewayProcess) => {
        await until('the execution to be served', () => inHistory(replica), 10_000);
        return Date.now() - started;
      };
      const [onLeader, onFollower] = await Promise.all([servedAfter(leader!), servedAfter(follower)]);
      console.log(
        `execution served by the leader after ${onLeader} ms, by a follower after ${onFollower} ms`,
      );
      expect(onFollower - onLeader).toBeLessThan(500);
      const receipt = await clients.public.getTransactionReceipt({ hash: execution.transactionHash });
      await until(
        'the follower to show the new cursor',
        async () => (await chainHealth(follower))?.block === Number(receipt.blockNumber),
        5_000,
      );
    }, 30_000);

    it('hands the chain over within 5 s when the replica indexing it stops (SIGTERM)', async () => {
      const [leader] = await indexing(alive());
      const started = Date.now();
      await stopProcess(leader!.child, 'SIGTERM');
      await until('another replica to index', async () => (await indexing(alive())).length === 1, 10_000);
      const takeover = Date.now() - started;
      console.log(`takeover after a graceful stop: ${takeover} ms`);
      expect(takeover).toBeLessThanOrEqual(5_000);
      await spawnReplica();
      expect(await indexing(alive())).toHaveLength(1);
    }, 30_000);

    it('takes over within 5 s of a kill -9 mid-range, and indexes what one replica does, once', async () => {
      const team = devnet.manifest.safes[0]!.address as Address;
      // A backlog the indexing replica reads in several slow passes: executions between empty blocks.
      proxy.delay('eth_getLogs', 800);
      for (let i = 0; i < 3; i++) {
        await executeByOwners(clients, team, {
          to: devnet.manifest.accounts[8]!.address as Address,
          value: parseEther('0.001'),
        });
        await clients.test.mine({ blocks: 300 });
      }
      const target = Number(await head());
      const [leader] = await indexing(alive());
      const before = (await chainHealth(leader!))?.block ?? 0;
      // Right after a pass committed, the next one is waiting on its logs: the kill lands mid-range.
      await until('the leader to be part-way', async () => {
        const block = (await chainHealth(leader!))?.block ?? 0;
        return block > before && block < target;
      });
      const started = Date.now();
      await stopProcess(leader!.child, 'SIGKILL');
      proxy.delay('eth_getLogs', 0);
      await until('another replica to index', async () => (await indexing(alive())).length === 1, 10_000);
      const takeover = Date.now() - started;
      console.log(`takeover after kill -9: ${takeover} ms`);
      expect(takeover).toBeLessThanOrEqual(5_000);
      const survivors = alive();
      await until('the survivors to reach the head', async () => {
        const states = await Promise.all(survivors.map(chainHealth));
        return states.every((state) => state?.block === target);
      });

      // The same chain indexed by one replica alone, from the start, into a schema of its own.
      await indexAlone(`${schema}_ref`, target);
      await expectSameHistory(schema, `${schema}_ref`);
    }, 120_000);

    it('drops the pass of an indexer whose cursor moved under it, so no range is written twice', async () => {
      // Two indexers on one store, as if a replica that lost its lease went on with its pass.
      const team = devnet.manifest.safes[0]!.address as Address;
      for (let i = 0; i < 2; i++) {
        await executeByOwners(clients, team, {
          to: devnet.manifest.accounts[8]!.address as Address,
          value: parseEther('0.001'),
        });
        await clients.test.mine({ blocks: 50 });
      }
      const target = await head();
      const store = await openDatabase({ databaseUrl: url, schema: `${schema}_race` });
      const logs: string[] = [];
      const racing = [0, 1].map(() => newIndexer(store, (line) => logs.push(line)));
      for (const indexer of racing) indexer.start();
      try {
        for (const indexer of racing) await indexer.waitForBlock(target);
      } finally {
        await Promise.all(racing.map((indexer) => indexer.stop()));
        await store.close();
      }
      expect(logs.filter((line) => line.includes('dropping the pass')).length).toBeGreaterThan(0);
      await indexAlone(`${schema}_alone`, Number(target));
      await expectSameHistory(`${schema}_race`, `${schema}_alone`);
    }, 60_000);

    it('hands a Safe asked about through a follower to the replica indexing its chain', async () => {
      const [leader] = await indexing(alive());
      const follower = alive().find((r) => r !== leader) as GatewayProcess;
      const direct = await deploySafeWithoutFactory(clients, safe141.safeL2);
      await executeByOwners(clients, direct, {
        to: devnet.manifest.accounts[8]!.address as Address,
        value: 1n,
      });
      expect((await fetch(`${follower.url}/v1/chains/1337/safes/${direct}`)).status).toBe(200);
      await until(
        'the Safe to be followed, its past read',
        async () =>
          (await storedRows(`SELECT 1 FROM ${schema}.safes WHERE address = $1 AND backfill_below IS NULL`, [
            direct,
          ])) > 0,
        10_000,
      );
      expect(
        await storedRows(`SELECT 1 FROM ${schema}.history_items WHERE safe = $1 AND kind = 'multisig'`, [
          direct,
        ]),
      ).toBe(1);
    }, 30_000);

    it('stops indexing at once when its lease connection is cut, and another replica (or it) takes over', async () => {
      const [leader] = await indexing(alive());
      const started = Date.now();
      // The connection holding this schema's lock for the chain (see indexingLockSpace for the keys).
      const cut = await storedRows(
        `SELECT pg_terminate_backend(l.pid) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = (hashtext($2)::bigint & 4294967295)::oid
           AND l.granted`,
        [indexingLockSpace, `${schema}:1337`],
      );
      expect(cut).toBe(1);
      await until(
        'the lease holder to stop and one replica to index again',
        async () => {
          const states = await Promise.all(alive().map(chainHealth));
          const now = states.filter((state) => state?.role === 'indexes').length;
          return now === 1 && leader!.output().includes('lease lost');
        },
        10_000,
      );
      const takeover = Date.now() - started;
      console.log(`takeover after the lease connection was cut: ${takeover} ms`);
      expect(takeover).toBeLessThanOrEqual(5_000);
    }, 30_000);

    it('listens again when its LISTEN connection drops, and catches up with the news it missed', async () => {
      const cut = await storedRows(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1',
        [`LISTEN "countersign_track_${schema}"`],
      );
      expect(cut).toBe(alive().length);
      const team = devnet.manifest.safes[0]!.address as Address;
      await executeByOwners(clients, team, {
        to: devnet.manifest.accounts[8]!.address as Address,
        value: 1n,
      });
      const current = Number(await head());
      await until(
        'every replica to show the new block',
        async () => (await Promise.all(alive().map(chainHealth))).every((state) => state?.block === current),
        5_000,
      );
      expect(alive().every((replica) => replica.output().includes('the LISTEN connection failed'))).toBe(
        true,
      );
    }, 30_000);

    /** Rows a query returns, run on the test's database. */
    async function storedRows(sql: string, params: unknown[]): Promise<number> {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        return (await admin.query(sql, params)).rowCount ?? 0;
      } finally {
        await admin.end();
      }
    }

    /** An indexer of the devnet chain (straight to the node) into `db`. */
    const newIndexer = (db: Database, log?: (line: string) => void) =>
      new Indexer({
        db,
        client: new ChainRegistry([{ ...chain, rpcUrl: devnet.rpcUrl }]).get('1337')!.client,
        chainId: '1337',
        factories: chain.indexer.factories as Address[],
        singletons: chain.masterCopies.map((copy) => copy.address as Address),
        trustedTokens: chain.trustedTokens as Address[],
        startBlock: BigInt(chain.indexer.startBlock),
        pollIntervalMs: 20,
        log,
      });

    /** Indexes the chain up to `block` with one indexer alone, into a fresh schema. */
    async function indexAlone(inSchema: string, block: number) {
      const db = await openDatabase({ databaseUrl: url, schema: inSchema });
      const indexer = newIndexer(db);
      indexer.start();
      try {
        await indexer.waitForBlock(BigInt(block));
      } finally {
        await indexer.stop();
        await db.close();
      }
    }

    /**
     * Both schemas hold the same rows of every history table; history_revision counts writes, which
     * differ with how the blocks were split into ranges, not what they hold.
     */
    async function expectSameHistory(schemaA: string, schemaB: string) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const rows = async (table: string, inSchema: string) =>
          (
            await admin.query<{ row: string }>(
              `SELECT (to_jsonb(t) - 'fee' - 'executed_signatures' - 'history_revision')::text AS row FROM ${inSchema}.${table} t
               WHERE chain_id = '1337' ORDER BY 1`,
            )
          ).rows.map((r) => r.row);
        for (const table of historyTables) {
          const replicated = await rows(table, schemaA);
          expect(replicated, table).toEqual(await rows(table, schemaB));
          if (table === 'history_items') expect(replicated.length).toBeGreaterThan(3);
        }
      } finally {
        await admin.end();
      }
    }
  });
