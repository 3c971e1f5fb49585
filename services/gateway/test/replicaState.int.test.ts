import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devAccounts, startDevnet, type Devnet } from '@countersign/devnet';
import { createGatewayClient, proposalBody } from '@countersign/gateway-api';
import {
  buildSafeTx,
  hashSafeTx,
  safeMessageContentHash,
  safeMessageHash,
  safeMessageTypedData,
  safeTxTypedData,
} from '@countersign/safe-core';
import pg from 'pg';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig, openDatabase, type Database } from '../src';
import { DatabaseBuckets } from '../src/http/databaseBuckets';
import { forgetAfterMs } from '../src/http/rateLimit';
import { postgresTestUrl, testDatabases } from './support/databases';
import { indexing, spawnGateway, stopProcess, type GatewayProcess } from './support/gatewayProcess';
import { expectLimited, refusedWrite } from './support/rateLimited';
import { cookieHeader, sessionAt, siweMessage, siweNonce, verifySiwe } from './support/siwe';
import { until } from './support/until';

/**
 * What replicas on one database share besides the chain's history (issue 26): rate limits, SIWE
 * nonces and sessions, and the writes sent to any of them while the indexing one dies.
 */
const postgresUrl = postgresTestUrl();

describe.each(testDatabases())('rate limit buckets kept in the database ($name)', ({ name, options }) => {
  let db: Database;
  let buckets: DatabaseBuckets;
  beforeAll(async () => {
    const store = options();
    db = await openDatabase(store);
    buckets = new DatabaseBuckets(db);
  });
  afterAll(async () => {
    if (db?.kind === 'postgres') await db.exec(`DROP SCHEMA IF EXISTS ${await schemaOf(db)} CASCADE`);
    await db?.close();
  });

  const rate = { limit: 3, windowMs: 60_000 };
  /** As if `ms` had passed since the bucket's last take (the database's clock cannot be moved). */
  const age = (bucket: string, ms: number) =>
    db.query('UPDATE rate_limit_buckets SET updated_at_ms = updated_at_ms - $2 WHERE bucket = $1', [
      bucket,
      ms,
    ]);

  it('lets a burst of the limit through, then one more per refill interval, like TokenBuckets', async () => {
    const takes = [];
    for (let i = 0; i < 3; i++) takes.push(await buckets.take('a', rate));
    expect(takes).toEqual([0, 0, 0]);
    const wait = await buckets.take('a', rate);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(20_000);
    // A refused take costs nothing: the wait only shrinks.
    expect(await buckets.take('a', rate)).toBeLessThanOrEqual(wait);
    expect(await buckets.take('b', rate)).toBe(0);
    await age('a', 20_000);
    expect(await buckets.take('a', rate)).toBe(0);
    expect(await buckets.take('a', rate)).toBeGreaterThan(0);
    // A long pause fills the bucket up to the limit, no more.
    await age('a', 10 * 60_000);
    const refilled = [];
    for (let i = 0; i < 3; i++) refilled.push(await buckets.take('a', rate));
    expect(refilled).toEqual([0, 0, 0]);
    expect(await buckets.take('a', rate)).toBeGreaterThan(0);
  });

  it('writes nothing for a refused take: the bucket row stays as it was', async () => {
    const row = async () =>
      (
        await db.query<{ version: string; tokens: number; updated_at_ms: string }>(
          "SELECT xmin::text AS version, tokens, updated_at_ms::text FROM rate_limit_buckets WHERE bucket = 'flood'",
        )
      )[0];
    for (let i = 0; i < 3; i++) expect(await buckets.take('flood', rate)).toBe(0);
    const before = await row();
    for (let i = 0; i < 20; i++) expect(await buckets.take('flood', rate)).toBeGreaterThan(0);
    expect(await row()).toEqual(before);
  });

  it('forgets the buckets nobody used for ten minutes, and keeps the others', async () => {
    await buckets.take('stale', rate);
    await buckets.take('fresh', rate);
    await age('stale', forgetAfterMs + 1_000);
    expect(await buckets.prune()).toBeGreaterThanOrEqual(1);
    const left = await db.query<{ bucket: string }>(
      "SELECT bucket FROM rate_limit_buckets WHERE bucket IN ('stale', 'fresh')",
    );
    expect(left.map((row) => row.bucket)).toEqual(['fresh']);
  });

  if (name === 'postgres')
    it('gives exactly the limit among takes racing from two replicas', async () => {
      const other = await openDatabase({ ...options(), schema: await schemaOf(db) });
      try {
        const stores = [buckets, new DatabaseBuckets(other)];
        const burst = { limit: 5, windowMs: 60_000 };
        const waits = await Promise.all(
          Array.from({ length: 40 }, (_, i) => stores[i % 2]!.take('race', burst)),
        );
        expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
      } finally {
        await other.close();
      }
    });
});

async function schemaOf(db: Database): Promise<string> {
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return row!.schema;
}

// Only where a PostgreSQL is given (see support/databases.ts): PGlite serves one process.
if (postgresUrl)
  describe('state shared by gateway replicas on one PostgreSQL', () => {
    const url = postgresUrl as string;
    const schema = `test_${Math.random().toString(16).slice(2, 14)}`;
    const webOrigin = 'http://127.0.0.1:5173';
    const ownerA = devAccounts()[1]!.account;
    let devnet: Devnet;
    let dir: string;
    let team: Address;
    let replicas: GatewayProcess[] = [];

    beforeAll(async () => {
      devnet = await startDevnet({ port: 0 });
      team = devnet.manifest.safes[0]!.address as Address;
      dir = mkdtempSync(join(tmpdir(), 'countersign-replica-state-'));
      const chain = devnetChainConfig(devnet.manifest, { explorerUrl: `${webOrigin}/explorer` });
      writeFileSync(join(dir, 'chains.json'), JSON.stringify([chain]));
      // Started together, with no session secret configured: they agree on the one kept in the store.
      replicas = await Promise.all(
        [0, 1, 2].map(() =>
          spawnGateway({
            GATEWAY_CHAINS_FILE: join(dir, 'chains.json'),
            DEVNET_MANIFEST: '',
            DATABASE_URL: url,
            DATABASE_SCHEMA: schema,
            GATEWAY_SESSION_SECRET: '',
            GATEWAY_CORS_ORIGINS: webOrigin,
            GATEWAY_RATE_LIMIT_WRITES: '5',
            GATEWAY_RATE_LIMIT_NONCES: '4',
            // The test is the proxy: X-Forwarded-For names the client, so each test has buckets of its own.
            GATEWAY_TRUSTED_PROXIES: '127.0.0.1',
          }),
        ),
      );
    }, 60_000);
    afterAll(async () => {
      await Promise.all(replicas.map((replica) => stopProcess(replica.child)));
      await devnet?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    });

    const nonceAs = (replica: GatewayProcess, client: string) =>
      fetch(`${replica.url}/v1/auth/nonce`, { headers: { 'x-forwarded-for': client } });

    it('holds one client to one limit whichever replica answers, not one per replica', async () => {
      // Five writes allowed a minute: spread over three replicas, the sixth is refused.
      for (let i = 0; i < 5; i++)
        expect((await refusedWrite(replicas[i % 3]!.url, '10.0.0.1')).status).toBe(422);
      for (const replica of replicas) await expectLimited(await refusedWrite(replica.url, '10.0.0.1'));
      // Another client has a bucket of its own, on every replica.
      for (const replica of replicas) expect((await refusedWrite(replica.url, '10.0.0.2')).status).toBe(422);
      // SIWE nonces: four a minute, shared alike, apart from the writes.
      for (let i = 0; i < 4; i++) expect((await nonceAs(replicas[i % 3]!, '10.0.0.1')).status).toBe(200);
      await expectLimited(await nonceAs(replicas[1]!, '10.0.0.1'));
    });

    it('signs in across replicas: nonce from one, verified by another, session honoured by a third', async () => {
      const [first, second, third] = replicas as [GatewayProcess, GatewayProcess, GatewayProcess];
      const message = siweMessage(ownerA.address, await siweNonce(first.url));
      const signature = await ownerA.signMessage({ message });
      const signedIn = await verifySiwe(second.url, message, signature);
      expect(signedIn.status).toBe(200);
      const session = await sessionAt(third.url, signedIn.cookie);
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({ authMethod: 'siwe', signerAddress: ownerA.address });
      // The nonce was spent on the second replica: the first and third refuse it too.
      for (const replica of [first, third])
        expect(await verifySiwe(replica.url, message, signature)).toMatchObject({
          status: 401,
          body: { message: 'Invalid nonce' },
        });
      // Signing out on the third revokes the session on all of them.
      const logout = await fetch(`${third.url}/v1/auth/logout`, {
        method: 'POST',
        headers: cookieHeader(signedIn.cookie),
      });
      expect(logout.status).toBe(200);
      for (const replica of replicas)
        expect((await sessionAt(replica.url, signedIn.cookie)).status).toBe(403);
    });

    it('acknowledges each write sent round-robin during a kill -9 failover once, and serves them all', async () => {
      await until('one replica to index', async () => (await indexing(replicas)).length === 1);
      const [leader] = await indexing(replicas);
      const survivors = replicas.filter((replica) => replica !== leader);
      const { currentNonce } = await createGatewayClient({ baseUrl: survivors[0]!.url }).getNonces({
        chainId: '1337',
        safeAddress: team,
      });
      // Each write from a client of its own behind the proxy, as a community's are: the limit is not
      // what this test is about.
      const post = (replica: GatewayProcess, i: number, path: string, body: unknown) =>
        fetch(`${replica.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
          body: JSON.stringify(body),
        });
      const messages: { text: string; hash: Hex }[] = [];
      const proposals: Hex[] = [];
      /** Write `i`: a message when even, a proposal (a payment of i wei at the Safe's nonce) when odd. */
      const write = async (i: number) => {
        const replica = survivors[i % survivors.length]!;
        if (i % 2 === 0) {
          const text = `written during the failover, #${i}`;
          const response = await post(replica, i, `/v1/chains/1337/safes/${team}/messages`, {
            message: text,
            signature: await ownerA.signTypedData(
              safeMessageTypedData({ chainId: 1337, safe: team, message: safeMessageContentHash(text) }),
            ),
          });
          expect(response.status, `message #${i}`).toBe(202);
          messages.push({ text, hash: safeMessageHash({ chainId: 1337, safe: team, message: text }) });
        } else {
          const tx = buildSafeTx({ to: ownerA.address, value: BigInt(i), nonce: BigInt(currentNonce) });
          const safeTxHash = hashSafeTx({ chainId: 1337, safe: team, tx });
          const response = await post(
            replica,
            i,
            `/v1/chains/1337/transactions/${team}/propose`,
            proposalBody(tx, {
              safeTxHash,
              sender: ownerA.address,
              signature: await ownerA.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx })),
              origin: null,
            }),
          );
          expect(response.status, `proposal #${i}`).toBe(200);
          expect(((await response.json()) as { txId: string }).txId).toContain(safeTxHash);
          proposals.push(safeTxHash);
        }
      };

      const started = Date.now();
      await stopProcess(leader!.child, 'SIGKILL');
      const failover = { settled: false, tookMs: 0, writesBefore: 0, error: undefined as unknown };
      const takeover = until(
        'a survivor to index',
        async () => (await indexing(survivors)).length === 1,
        10_000,
      ).then(
        () => Object.assign(failover, { settled: true, tookMs: Date.now() - started }),
        (error: unknown) => Object.assign(failover, { settled: true, error }),
      );
      // Round-robin over the survivors until one of them indexes, and a dozen at least.
      let i = 0;
      while (!failover.settled || i < 12) {
        await write(i++);
        if (!failover.settled) failover.writesBefore = i;
      }
      await takeover;
      if (failover.error) throw failover.error;
      console.log(
        `failover: ${i} writes round-robin over 2 replicas, ${failover.writesBefore} acknowledged before a survivor indexed (after ${failover.tookMs} ms)`,
      );

      // Every write once, on every survivor: by its id, and in the lists.
      for (const replica of survivors) {
        const client = createGatewayClient({ baseUrl: replica.url });
        for (const { text, hash } of messages)
          expect((await client.getMessage({ chainId: '1337', messageHash: hash })).message).toBe(text);
        for (const safeTxHash of proposals)
          expect((await client.getTransaction({ chainId: '1337', id: safeTxHash })).txStatus).toBe(
            'AWAITING_CONFIRMATIONS',
          );
        const listed = await client.getMessages({ chainId: '1337', safeAddress: team, cursor: 'limit=100' });
        const texts = listed.results.flatMap((item) =>
          item.type === 'MESSAGE' && typeof item.message === 'string' ? [item.message] : [],
        );
        expect(texts.filter((text) => text.startsWith('written during the failover')).sort()).toEqual(
          messages.map((m) => m.text).sort(),
        );
        const queued = await client.getQueue({ chainId: '1337', safeAddress: team, cursor: 'limit=100' });
        const ids = queued.results.flatMap((item) =>
          item.type === 'TRANSACTION' ? [item.transaction.id] : [],
        );
        for (const safeTxHash of proposals)
          expect(
            ids.filter((id) => id.includes(safeTxHash)),
            safeTxHash,
          ).toHaveLength(1);
      }
      // Sent again to the other survivor, a message is not acknowledged a second time.
      const again = messages[0]!;
      const replay = await post(survivors[1]!, 0, `/v1/chains/1337/safes/${team}/messages`, {
        message: again.text,
        signature: await ownerA.signTypedData(
          safeMessageTypedData({ chainId: 1337, safe: team, message: safeMessageContentHash(again.text) }),
        ),
      });
      expect(replay.status).toBe(422);
      expect(await replay.json()).toMatchObject({ message: 'Message already exists' });
    }, 60_000);
  });
