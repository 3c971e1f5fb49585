import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetClients, startDevnet, type Devnet } from '@countersign/devnet';
import { devnetChainConfig } from '@countersign/gateway';
import type { Address } from 'viem';
import { benchDatabaseUrl, benchSchema, dropSchema } from './benchDatabase';
import { chainHealth, until } from './gatewayHealth';
import { scale, scaleHistoryItems, seedSafeAtScale, spawnGateway, stopGateway } from './scaleSafe';

/** Empty blocks before the Safes: CATCHUP_BLOCKS, 100,000 by default (issue 26). */
const emptyBlocks = () => Number(process.env.CATCHUP_BLOCKS || 100_000);
/** The indexer's largest pass (Indexer's batchSize): the empty blocks timed alone end this far from the Safes. */
const emptyOnly = 2_000;

/**
 * Issue 26's catch-up figure: one gateway process indexing, from nothing, a devnet chain of
 * 100,000 empty blocks followed by the demo and a Safe's 10,000 executions and 1,000 token transfers
 * (400 to a block). The Safes come last because the devnet's anvil keeps only recent states (see
 * DevnetOptions.emptyBlocksFirst) and the indexer reads owners at the blocks that change them. On the
 * embedded database, and on PostgreSQL too when one is configured (see benchDatabase.ts); the chain
 * is made once for both.
 */
export async function benchCatchUp(): Promise<string[]> {
  const empty = emptyBlocks();
  const dir = mkdtempSync(join(tmpdir(), 'countersign-bench-catchup-'));
  const url = benchDatabaseUrl();
  const schema = benchSchema();
  const setupStarted = performance.now();
  const lines: string[] = [];
  let devnet: Devnet | undefined;
  try {
    devnet = await startDevnet({ port: 0, emptyBlocksFirst: empty });
    const chainSeconds = (performance.now() - setupStarted) / 1000;
    const { safe, seedingSeconds } = await seedSafeAtScale(devnet);
    const clients = devnetClients(1337, devnet.rpcUrl);
    const head = Number(await clients.public.getBlockNumber({ cacheTime: 0 }));
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const safeTxs = scale.executions + scale.transfers;
    lines.push(
      `catch-up: setup ${setupSeconds.toFixed(1)} s: ${empty} empty blocks and the devnet's contracts and demo in ${chainSeconds.toFixed(1)} s, ${scale.executions} Safe executions + ${scale.transfers} token transfers in ${(head - empty).toString()} blocks after them in ${seedingSeconds.toFixed(1)} s`,
    );

    // Straight to the node, at the devnet's poll interval: only the catch-up is timed.
    const config = devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' });
    writeFileSync(join(dir, 'chains.json'), JSON.stringify([config]));
    const stores: [string, NodeJS.ProcessEnv][] = [
      ['embedded database (PGlite)', { GATEWAY_DATA_DIR: join(dir, 'pglite') }],
      ...(url
        ? [['PostgreSQL', { DATABASE_URL: url, DATABASE_SCHEMA: schema }] as [string, NodeJS.ProcessEnv]]
        : []),
    ];
    for (const [name, storeEnv] of stores) {
      const t = await catchUp(join(dir, 'chains.json'), storeEnv, { empty, head, safe });
      lines.push(
        `catch-up, one replica on the ${name}: ${head} blocks in ${t.total.toFixed(1)} s from process start = ${Math.round(head / t.total)} blocks/s overall, ${safeTxs} Safe transactions/${Math.round(safeTxs / t.total)} per s overall; ` +
          `serving after ${t.serving.toFixed(1)} s; the first ${empty - emptyOnly} blocks (empty) by ${t.empty.toFixed(1)} s (${Math.round((empty - emptyOnly) / t.empty)} blocks/s with the start-up), ` +
          `the last ${head - empty + emptyOnly} blocks (the Safe transactions in ${head - empty} of them) in ${(t.total - t.empty).toFixed(1)} s (${Math.round(safeTxs / (t.total - t.empty))} Safe transactions/s)`,
      );
    }
    if (!url) lines.push('catch-up: not run on PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return lines;
  } finally {
    await devnet?.stop();
    if (url) await dropSchema(url, schema);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts a gateway on an empty store and waits until it indexed `head` and serves the Safe's whole
 * history; answers when it served, passed the blocks read alone and finished, in seconds from its start.
 */
async function catchUp(
  chainsFile: string,
  storeEnv: NodeJS.ProcessEnv,
  chain: { empty: number; head: number; safe: Address },
) {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const gateway = await spawnGateway({ GATEWAY_CHAINS_FILE: chainsFile, DEVNET_MANIFEST: '', ...storeEnv });
  try {
    const serving = seconds();
    const indexed = async (block: number) => ((await chainHealth(gateway.url))?.block ?? -1) >= block;
    const timing = { timeoutMs: 30 * 60_000, everyMs: 50 };
    // A pass reads at most 2,000 blocks: the first to reach this mark read empty blocks only.
    await until('the gateway to pass most empty blocks', () => indexed(chain.empty - emptyOnly), timing);
    const empty = seconds();
    await until('the gateway to index the whole chain', () => indexed(chain.head), timing);
    const total = seconds();
    const history = await fetch(`${gateway.url}/v1/chains/1337/safes/${chain.safe}/transactions/history`);
    const { count } = (await history.json()) as { count: number };
    if (count !== scaleHistoryItems)
      throw new Error(`bench: the history holds ${count} items once caught up, not ${scaleHistoryItems}`);
    return { serving, empty, total };
  } finally {
    await stopGateway(gateway.child);
  }
}
