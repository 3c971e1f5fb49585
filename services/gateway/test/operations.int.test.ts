import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startDevnet, type Devnet } from '@countersign/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp, devnetChainConfig, openDatabase, startGateway, type ChainConfig } from '../src';
import { ChainPriceSource, exampleFiatPerUsd } from '../src/assets/prices';
import { ChainRegistry } from '../src/chains/registry';
import type { GatewayHealth } from '../src/indexer/health';
import { migrate, migrationLock } from '../src/store/migrate';
import { listMigrations, type Database } from '../src/store';
import { openPostgres } from '../src/store/postgres';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/** An RPC in front of the devnet that holds every call for `delayMs` while slow: a request in flight. */
async function startSlowRpc(
  target: string,
): Promise<{ url: string; slow(on: boolean): void; close(): Promise<void> }> {
  let delayMs = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    slow: (on) => {
      delayMs = on ? 1_500 : 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The app alone over `db`, no chain: enough for /livez, /readyz and /metrics. */
function bareApp(db: Database) {
  return createGatewayApp({
    chains: new ChainRegistry([]),
    db,
    prices: new ChainPriceSource(new ChainRegistry([]), { fiatPerUsd: exampleFiatPerUsd }),
    sessionKey: 'test-session-key',
    corsOrigins: [],
  });
}

/** The sample lines of a metric family in an exposition text. */
const samples = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe('a running gateway', () => {
  let local: LocalGateway;
  let team: string;
  beforeAll(async () => {
    local = await startLocalGateway();
    team = local.devnet.manifest.safes[0]!.address;
    await local.indexed();
  });
  afterAll(async () => {
    await local?.stop();
  });

  it('is live and ready', async () => {
    expect(await local.request('GET', '/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await local.request('GET', '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it("reports each chain's lag behind its head in /health", async () => {
    await local.indexed();
    const { body } = await local.request<GatewayHealth>('GET', '/health');
    const chain = body?.chains['1337'];
    expect(chain?.state).toBe('indexing');
    expect(chain?.head).toBe(chain?.block);
    expect(chain).toMatchObject({ lagBlocks: 0, lagSeconds: 0 });
  });

  it('counts requests under their route pattern, never their path, and shows the indexer gauges', async () => {
    expect((await local.request('GET', `/v1/chains/1337/safes/${team}`)).status).toBe(200);
    expect((await local.request('GET', `/no/such/${team}`)).status).toBe(404);
    await local.indexed();
    const response = await fetch(`${local.gateway.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    expect(text).not.toContain(team.slice(2, 12));
    expect(text).not.toContain(team.slice(2, 12).toLowerCase());
    expect(samples(text, 'http_requests_total')).toContain(
      'http_requests_total{method="GET",route="/v1/chains/:chainId/safes/:address",status="200"} 1',
    );
    expect(samples(text, 'http_requests_total')).toContain(
      'http_requests_total{method="GET",route="unmatched",status="404"} 1',
    );
    expect(samples(text, 'http_request_duration_seconds_count')).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v1/chains/:chainId/safes/:address"} 1',
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{method="GET",route="\/v1\/chains\/:chainId\/safes\/:address",le="\+Inf"\} 1$/m,
    );
    const { body } = await local.request<GatewayHealth>('GET', '/health');
    const block = body?.chains['1337']?.block;
    expect(samples(text, 'indexer_indexed_block')).toEqual([`indexer_indexed_block{chain="1337"} ${block}`]);
    expect(samples(text, 'indexer_head_block')).toEqual([`indexer_head_block{chain="1337"} ${block}`]);
    expect(samples(text, 'indexer_lag_blocks')).toEqual(['indexer_lag_blocks{chain="1337"} 0']);
    expect(samples(text, 'indexer_up')).toEqual(['indexer_up{chain="1337"} 1']);
    const [start] = samples(text, 'process_start_time_seconds');
    const startSeconds = Number(start?.split(' ')[1]);
    expect(startSeconds).toBeGreaterThan(Date.now() / 1000 - 3600);
    expect(startSeconds).toBeLessThanOrEqual(Date.now() / 1000);
    // PGlite has no pool.
    expect(text).not.toContain('db_pool_total');
  });

  it('says how long the event loop was held since the last scrape', async () => {
    const longest = async () => {
      const text = await (await fetch(`${local.gateway.url}/metrics`)).text();
      const [line] = samples(text, 'nodejs_eventloop_delay_seconds{quantile="1"}');
      return Number(line?.split(' ')[1]);
    };
    await longest();
    // The monitor measures from one tick of its timer to the next, and a scrape restarts it: a tick
    // first, then 150 ms of work that never yields (the gateway runs in this process).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const until = performance.now() + 150;
    while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const held = await longest();
    expect(held).toBeGreaterThanOrEqual(0.1);
    // Counted from the last scrape, so the hold is not reported again.
    expect(await longest()).toBeLessThan(held);
  });
});

describe('readiness', () => {
  it('is not ready, saying why without naming the database, when the database cannot be reached', async () => {
    // Nothing listens on port 1: every query fails to connect.
    const db = await openPostgres('postgres://gateway:s3cret-password@127.0.0.1:1/countersign');
    try {
      const app = bareApp(db);
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(503);
      const body = await ready.text();
      expect(JSON.parse(body)).toEqual({ status: 'not-ready', reason: 'database-unreachable' });
      expect(body).not.toContain('s3cret');
      expect(body).not.toContain('127.0.0.1');
      // Live all the same: restarting the process would not bring the database back.
      expect((await app.request('/livez')).status).toBe(200);
      // The pool's gauges are there on PostgreSQL.
      expect(await (await app.request('/metrics')).text()).toMatch(/^db_pool_waiting \d+$/m);
    } finally {
      await db.close();
    }
  });

  it('is not ready once the store is closed, and when it does not answer within a second', async () => {
    const db = await openDatabase();
    const app = bareApp(db);
    expect((await app.request('/readyz')).status).toBe(200);
    // PGlite runs one transaction at a time: a long one keeps SELECT 1 waiting.
    let finish: () => void = () => undefined;
    const held = db.transaction(() => new Promise<void>((resolve) => (finish = resolve)));
    const started = Date.now();
    const busy = await app.request('/readyz');
    expect(busy.status).toBe(503);
    expect(await busy.json()).toEqual({ status: 'not-ready', reason: 'database-timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);
    finish();
    await held;
    await db.close();
    const closed = await app.request('/readyz');
    expect(closed.status).toBe(503);
    expect(await closed.json()).toEqual({ status: 'not-ready', reason: 'database-unreachable' });
  });

  it('serves no /metrics when turned off', async () => {
    const db = await openDatabase();
    try {
      const app = createGatewayApp({
        chains: new ChainRegistry([]),
        db,
        prices: new ChainPriceSource(new ChainRegistry([]), { fiatPerUsd: exampleFiatPerUsd }),
        sessionKey: 'test-session-key',
        corsOrigins: [],
        metrics: false,
      });
      expect((await app.request('/metrics')).status).toBe(404);
      expect((await app.request('/readyz')).status).toBe(200);
    } finally {
      await db.close();
    }
  });
});

describe('graceful shutdown', () => {
  let devnet: Devnet;
  let rpc: Awaited<ReturnType<typeof startSlowRpc>>;
  let chain: ChainConfig;
  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
    rpc = await startSlowRpc(devnet.rpcUrl);
    chain = {
      ...devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' }),
      rpcUrl: rpc.url,
    };
  });
  afterAll(async () => {
    await rpc?.close();
    await devnet?.stop();
  });

  it('finishes a request in flight, refuses new connections, then stops', async () => {
    const gateway = await startGateway({ port: 0, chains: [chain], corsOrigins: [] });
    const team = devnet.manifest.safes[0]!.address;
    rpc.slow(true);
    try {
      // The Safe is read from the chain (nothing cached yet): the call waits in the slow RPC.
      const inFlight = fetch(`${gateway.url}/v1/chains/1337/safes/${team}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const closed = gateway.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(fetch(`${gateway.url}/livez`)).rejects.toThrow();
      const response = await inFlight;
      rpc.slow(false);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { address: { value: string } }).address.value).toBe(team);
      // Nothing else holds it: the connection is closed once idle, not at the end of the grace period.
      const answered = Date.now();
      await closed;
      expect(Date.now() - answered).toBeLessThan(5_000);
    } finally {
      rpc.slow(false);
      await gateway.close();
    }
  });

  it('on SIGTERM, the gateway process finishes the request in flight, logs it as JSON and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'countersign-ops-'));
    try {
      writeFileSync(join(dir, 'chains.json'), JSON.stringify([chain]));
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, '../src/main.ts')],
        {
          env: {
            ...process.env,
            GATEWAY_PORT: '0',
            GATEWAY_CHAINS_FILE: join(dir, 'chains.json'),
            GATEWAY_DATA_DIR: join(dir, 'data'),
            DEVNET_MANIFEST: '',
            DATABASE_URL: '',
            LOG_FORMAT: 'json',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let output = '';
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          output += chunk.toString();
          const match = /"msg":"listening on (http:\/\/[^"]+)"/.exec(stdout);
          if (match?.[1]) resolve(match[1]);
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        void exited.then((code) => reject(new Error(`the gateway exited (${code}):\n${output}`)));
      });
      const team = devnet.manifest.safes[0]!.address;
      rpc.slow(true);
      try {
        const inFlight = fetch(`${url}/v1/chains/1337/safes/${team}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        child.kill('SIGTERM');
        const response = await inFlight;
        rpc.slow(false);
        expect(response.status).toBe(200);
        const answered = Date.now();
        expect(await exited).toBe(0);
        expect(Date.now() - answered).toBeLessThan(5_000);
      } finally {
        rpc.slow(false);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      // Every line a log collector reads is JSON, the first one included.
      const lines = stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const request = lines.find((line) => line.msg === 'request');
      expect(request).toMatchObject({
        level: 'info',
        method: 'GET',
        route: '/v1/chains/:chainId/safes/:address',
        status: 200,
      });
      expect(typeof request?.time).toBe('string');
      expect(request?.durationMs).toBeGreaterThan(1_000);
      // The indexer names the Safes it follows; a request's line never does.
      const requestLines = lines.filter((line) => line.msg === 'request');
      expect(JSON.stringify(requestLines)).not.toContain(team.slice(2));
      expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['SIGTERM: stopping', 'stopped']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.COUNTERSIGN_REQUIRE_POSTGRES === '1') {
  throw new Error('COUNTERSIGN_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set (see .ci/run)');
}

// Only where a PostgreSQL is given (see support/databases.ts): PGlite has one client and no lock.
if (postgresUrl)
  describe('migrations on PostgreSQL with replicas starting together', () => {
    const url = postgresUrl as string;
    const freshSchema = () => `test_${Math.random().toString(16).slice(2, 14)}`;

    it('run once: two concurrent migrations both succeed, and each version is written once', async () => {
      const schema = freshSchema();
      const [a, b] = await Promise.all([openPostgres(url, { schema }), openPostgres(url, { schema })]);
      try {
        const results = await Promise.all([migrate(a), migrate(b)]);
        const versions = listMigrations().map((m) => m.version);
        // One replica applied everything, the other waited and found nothing to do.
        expect(results.map((applied) => applied.length).sort((x, y) => x - y)).toEqual([0, versions.length]);
        const rows = await a.query<{ version: string }>(
          'SELECT version FROM schema_migrations ORDER BY version',
        );
        expect(rows.map((row) => row.version)).toEqual(versions);
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('keeps a replica not ready, and live, while another holds the migration lock', async () => {
      const schema = freshSchema();
      const holder = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
      await holder.connect();
      await holder.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      const [space, name] = migrationLock;
      await holder.query('SELECT pg_advisory_lock($1, hashtext(current_schema() || $2))', [space, name]);
      // A free port known beforehand: the gateway answers on it before startGateway resolves.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const port = (probe.address() as AddressInfo).port;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const starting = startGateway({
        port,
        chains: [],
        corsOrigins: [],
        store: { databaseUrl: url, schema },
      });
      try {
        const base = `http://127.0.0.1:${port}`;
        let ready: Response | undefined;
        for (let i = 0; i < 100; i++) {
          ready = await fetch(`${base}/readyz`).catch(() => undefined);
          if (ready) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // Give it time to reach the lock: waiting there is `migrating`.
        await new Promise((resolve) => setTimeout(resolve, 300));
        ready = await fetch(`${base}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: 'not-ready', reason: 'migrating' });
        expect((await fetch(`${base}/livez`)).status).toBe(200);
        expect((await fetch(`${base}/v1/chains`)).status).toBe(503);
        await holder.query('SELECT pg_advisory_unlock($1, hashtext(current_schema() || $2))', [space, name]);
        const gateway = await starting;
        try {
          expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
          expect(await (await fetch(`${gateway.url}/metrics`)).text()).toMatch(/^db_pool_total \d+$/m);
        } finally {
          await gateway.close();
        }
      } finally {
        await holder.end();
      }
    });
  });
