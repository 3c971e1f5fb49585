import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { devnetClients, startDevnet, type Devnet } from '@countersign/devnet';
import { devnetChainConfig } from '@countersign/gateway';
import type { Address } from 'viem';
import {
  startCountingRpcProxy,
  type CountingRpcProxy,
} from '../services/gateway/test/support/countingRpcProxy';
import { isRunning, replicaSet } from '../services/gateway/test/support/gatewayProcess';
import { executeByOwners } from '../services/gateway/test/support/safes';
import { benchDatabaseUrl, benchSchema, dropSchema } from './benchDatabase';
import { chainHealth, sleep, until } from './gatewayHealth';
import { spawnGateway, stopGateway } from './scaleSafe';
import { ms } from './stats';

/** How long the idle chain is watched per count of replicas. */
const IDLE_MS = 30_000;
/** New blocks, each with one Safe execution, whose RPC cost is counted. */
const NEW_BLOCKS = 5;
/** Concurrent HTTP clients of the read load, a multiple of 1, 2 and 3: as many on each replica. */
const CONNECTIONS = 48;
const LOAD_SECONDS = 10;
const KILLS = 3;

type Replica = Awaited<ReturnType<typeof spawnGateway>>;

/**
 * Issue 26's figures for gateway replicas on one PostgreSQL: what they cost the chain's RPC (through
 * a counting proxy) idle and per new block with 1 and 3 replicas, read throughput and latency with
 * 1, 2 and 3 replicas, and how long another replica takes to index after the indexing one is
 * killed with SIGKILL. Every replica is a gateway process as `npm start -w @countersign/gateway`
 * runs it, at the production poll interval (1 s).
 */
export async function benchReplicas(): Promise<string[]> {
  const url = benchDatabaseUrl();
  if (!url)
    return [
      'replicas: skipped: no PostgreSQL configured (set BENCH_DATABASE_URL or TEST_DATABASE_URL to postgres://…)',
    ];
  const schema = benchSchema();
  const dir = mkdtempSync(join(tmpdir(), 'countersign-bench-replicas-'));
  // Spawned as in production, with its node flags (scaleSafe's spawnGateway).
  const set = replicaSet({ chainsFile: join(dir, 'chains.json'), databaseUrl: url, schema }, spawnGateway);
  const { all: replicas, alive, spawn: spawnReplica } = set;
  let devnet: Devnet | undefined;
  let proxy: CountingRpcProxy | undefined;
  try {
    devnet = await startDevnet({ port: 0 });
    proxy = await startCountingRpcProxy(devnet.rpcUrl);
    const config = devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' });
    // The production poll interval; the devnet's own config polls ten times as often for the e2e tests.
    const chain = { ...config, rpcUrl: proxy.url, indexer: { ...config.indexer, pollIntervalMs: 1_000 } };
    writeFileSync(join(dir, 'chains.json'), JSON.stringify([chain]));
    const clients = devnetClients(1337, devnet.rpcUrl);
    const team = devnet.manifest.safes[0]!.address as Address;
    const recipient = devnet.manifest.accounts[8]!.address as Address;
    const head = async () => Number(await clients.public.getBlockNumber({ cacheTime: 0 }));

    const allAt = (block: number) => async () =>
      (await Promise.all(alive().map((r) => chainHealth(r.url)))).every((h) => (h?.block ?? -1) >= block);

    /** RPC calls a minute on the idle chain, then per new block with a Safe execution in it. */
    const rpcCost = async () => {
      await until('every replica to reach the head', allAt(await head()));
      await sleep(1_500);
      proxy!.reset();
      let started = performance.now();
      await sleep(IDLE_MS);
      const idleSeconds = (performance.now() - started) / 1000;
      const idle = { calls: proxy!.calls, byMethod: proxy!.byMethod };
      const idlePerSecond = idle.calls / idleSeconds;

      proxy!.reset();
      started = performance.now();
      for (let i = 0; i < NEW_BLOCKS; i++) {
        const execution = await executeByOwners(clients, team, { to: recipient, value: 1n });
        const receipt = await clients.public.getTransactionReceipt({ hash: execution.transactionHash });
        await until('every replica to show the new block', allAt(Number(receipt.blockNumber)));
        // The polls after it (owners read again, say) belong to the block too.
        await sleep(2_000);
      }
      const seconds = (performance.now() - started) / 1000;
      const perBlock = (proxy!.calls - idlePerSecond * seconds) / NEW_BLOCKS;
      return {
        idlePerMinute: idlePerSecond * 60,
        idle: idle.byMethod,
        perBlock,
        busy: proxy!.byMethod,
        busySeconds: seconds,
      };
    };

    const paths = {
      SafeInfo: `/v1/chains/1337/safes/${team}`,
      history: `/v1/chains/1337/safes/${team}/transactions/history`,
    };
    /** Reads spread round-robin over the replicas: each connection stays on one replica. */
    const readLoad = async (path: string) => {
      const urls = alive().map((r) => `${r.url}${path}`);
      for (const target of urls) for (let i = 0; i < 100; i++) await (await fetch(target)).arrayBuffer();
      proxy!.reset();
      const load = await autocannon({
        // autocannon takes an array of URLs and gives connection i the URL i mod n (lib/run.js);
        // its types know only one.
        url: urls as unknown as string,
        connections: CONNECTIONS,
        duration: LOAD_SECONDS,
      });
      if (load.errors > 0 || load.non2xx > 0)
        throw new Error(`bench: ${load.errors} errors and ${load.non2xx} non-2xx answers under load`);
      // The idle polls (one a second) are a rounding error next to thousands of reads.
      const rpcPerRead = proxy!.calls / load.requests.total;
      return `${Math.round(load.requests.average)}/s p50 ${load.latency.p50} ms p99 ${load.latency.p99} ms, ${rpcPerRead.toFixed(2)} RPC calls a read`;
    };
    const reads: string[] = [];
    const readAll = async () => {
      const n = alive().length;
      for (const [name, path] of Object.entries(paths))
        reads.push(
          `replicas: ${name} reads, ${n} replica${n > 1 ? 's' : ''}, ${CONNECTIONS} connections for ${LOAD_SECONDS} s: ${await readLoad(path)}`,
        );
    };

    await spawnReplica();
    const one = await rpcCost();
    await readAll();
    await spawnReplica();
    await readAll();
    await spawnReplica();
    const three = await rpcCost();
    await readAll();

    // kill -9 of the indexing replica: how long until another holds the lease, and until it indexed
    // a block mined just after the kill (it resumes from the stored cursor).
    const takeovers: { lease: number; block: number }[] = [];
    for (let i = 0; i < KILLS; i++) {
      await until('a replica to index', async () => (await indexingReplica(alive())) !== undefined);
      const leader = (await indexingReplica(alive()))!;
      const started = performance.now();
      leader.child.kill('SIGKILL');
      await clients.test.mine({ blocks: 1 });
      const mined = await head();
      const survivors = alive().filter((r) => r !== leader);
      await until('another replica to index', async () => (await indexingReplica(survivors)) !== undefined);
      const lease = performance.now() - started;
      await until('the new leader to index the block mined after the kill', async () => {
        const next = await indexingReplica(survivors);
        return ((next && (await chainHealth(next.url))?.block) ?? -1) >= mined;
      });
      takeovers.push({ lease, block: performance.now() - started });
      await until('the killed replica to be gone', async () => !isRunning(leader));
      await spawnReplica();
    }

    const calls = (n: number) => `${n.toFixed(1)} calls`;
    return [
      `replicas: RPC on an idle chain (${IDLE_MS / 1000} s): 1 replica ${calls(one.idlePerMinute)}/min ${JSON.stringify(one.idle)}, 3 replicas ${calls(three.idlePerMinute)}/min ${JSON.stringify(three.idle)}`,
      `replicas: RPC per new block with a Safe execution (${NEW_BLOCKS} blocks, idle polls subtracted): 1 replica ${calls(one.perBlock)}, 3 replicas ${calls(three.perBlock)}; all calls over ${one.busySeconds.toFixed(0)} s with 1: ${JSON.stringify(one.busy)}, with 3: ${JSON.stringify(three.busy)}`,
      ...reads,
      `replicas: takeover after kill -9 of the indexing replica (${KILLS} kills of 3): lease taken in ${takeovers.map((t) => ms(t.lease)).join(', ')}; a block mined after the kill indexed in ${takeovers.map((t) => ms(t.block)).join(', ')} (target ≤ 5 s)`,
    ];
  } finally {
    await Promise.all(replicas.map((replica) => stopGateway(replica.child)));
    await proxy?.close();
    await devnet?.stop();
    rmSync(dir, { recursive: true, force: true });
    await dropSchema(url, schema);
  }
}

/** The replica whose /health says it indexes the devnet chain, if one does. */
async function indexingReplica(replicas: readonly Replica[]): Promise<Replica | undefined> {
  const states = await Promise.all(replicas.map((r) => chainHealth(r.url)));
  return replicas.find((_, i) => states[i]?.role === 'indexes');
}
