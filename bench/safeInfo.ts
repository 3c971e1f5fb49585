import { startDevnet } from '@countersign/devnet';
import { devnetChainConfig, startGateway } from '@countersign/gateway';
import { percentile, ms } from './stats';

const CLIENTS = 16;
const THROUGHPUT_MS = 3_000;

/**
 * Requests per second that CLIENTS concurrent clients get for SafeInfo: the cost of the gateway's
 * per-request work (body limit, rate limiting, routing) shows here rather than in one request's latency.
 */
async function safeInfoThroughput(url: string): Promise<number> {
  let done = 0;
  const until = performance.now() + THROUGHPUT_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`SafeInfo answered ${response.status}`);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** SafeInfo over loopback HTTP: one request at a time (latency), then many at once (throughput). */
export async function benchSafeInfo(requests = 2000): Promise<string[]> {
  const devnet = await startDevnet({ port: 0 });
  const gateway = await startGateway({
    port: 0,
    chains: [devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' })],
    corsOrigins: [],
    // One address standing for many users (see scaleSafe's spawnGateway); the other limits stay on.
    rateLimits: { reads: null },
  });
  try {
    const url = `${gateway.url}/v1/chains/1337/safes/${devnet.manifest.safes[0]!.address}`;
    for (let i = 0; i < 100; i++) await (await fetch(url)).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`SafeInfo answered ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const throughput = await safeInfoThroughput(url);
    return [
      `SafeInfo latency over ${requests} requests: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))} (target p50 ≤ 5 ms)`,
      `SafeInfo throughput, ${CLIENTS} clients for ${THROUGHPUT_MS / 1000} s with the gateway's limits on: ${throughput.toFixed(0)} requests/s`,
    ];
  } finally {
    await gateway.close();
    await devnet.stop();
  }
}
