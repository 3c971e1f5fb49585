import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startDevnet } from '@countersign/devnet';
import {
  scale,
  scaleHistoryItems,
  seedSafeAtScale,
  spawnGateway,
  stopGateway,
  waitForHistory,
} from './scaleSafe';
import { ms, percentile, rssMb } from './stats';

const { executions, transfers } = scale;

/**
 * The gateway at the issue's scale: a Safe with 10,000 executed transactions and 1,000 token
 * transfers on a fresh devnet, then a gateway process catching up on it and serving it.
 */
export async function benchGatewayAtScale(): Promise<string[]> {
  const stateDir = mkdtempSync(join(tmpdir(), 'countersign-scale-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-scale-data-'));
  const devnet = await startDevnet({ port: 0, stateDir });
  let gateway: Awaited<ReturnType<typeof spawnGateway>> | undefined;
  try {
    const { safe, seedingSeconds } = await seedSafeAtScale(devnet);

    gateway = await spawnGateway({ DEVNET_MANIFEST: devnet.manifestPath, GATEWAY_DATA_DIR: dataDir });
    const historyUrl = (query = '') =>
      `${gateway!.url}/v1/chains/1337/safes/${safe}/transactions/history${query}`;
    // Creation, the funding transfer, every execution and every token transfer.
    const expected = scaleHistoryItems;
    const catchUpSeconds = await waitForHistory(gateway.url, safe);

    const time = async (url: string) => {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return performance.now() - started;
    };
    const firstPage: number[] = [];
    for (let i = 0; i < 300; i++) firstPage.push(await time(historyUrl()));
    const anyPage: number[] = [];
    for (let i = 0; i < 300; i++) {
      const offset = Math.floor(Math.random() * (expected - 20));
      anyPage.push(await time(historyUrl(`?cursor=${encodeURIComponent(`limit=20&offset=${offset}`)}`)));
    }
    firstPage.sort((a, b) => a - b);
    anyPage.sort((a, b) => a - b);

    const load = await autocannon({
      url: `${gateway.url}/v1/chains/1337/safes/${safe}`,
      connections: 50,
      duration: 10,
    });
    const memory = rssMb(gateway.child.pid!);
    return [
      `at scale: seeded ${executions} executions + ${transfers} token transfers in ${seedingSeconds.toFixed(1)} s`,
      `indexer catch-up: ${expected} items in ${catchUpSeconds.toFixed(1)} s = ${Math.round((executions + transfers) / catchUpSeconds)} Safe transactions/s (target ≥ 500)`,
      `history first page: p50 ${ms(percentile(firstPage, 50))}, p99 ${ms(percentile(firstPage, 99))} (target p50 ≤ 5 ms)`,
      `history any page (random depth): p50 ${ms(percentile(anyPage, 50))}, p99 ${ms(percentile(anyPage, 99))} (target p99 ≤ 25 ms)`,
      `SafeInfo under load, 50 connections, 10 s: ${Math.round(load.requests.average)} requests/s, p99 ${load.latency.p99} ms, ${load.errors} errors, ${load.non2xx} non-2xx (target ≥ 2000/s)`,
      `gateway memory after load: RSS ${memory.rss.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB (target ≤ 250 MB)`,
    ];
  } finally {
    if (gateway) await stopGateway(gateway.child);
    await devnet.stop();
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
