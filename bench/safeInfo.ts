import { startDevnet } from '@countersign/devnet';
import { devnetChainConfig, startGateway } from '@countersign/gateway';
import { percentile, ms } from './stats';

/** SafeInfo over loopback HTTP, one request at a time (latency, not throughput). */
export async function benchSafeInfo(requests = 2000): Promise<string[]> {
  const devnet = await startDevnet({ port: 0 });
  const gateway = await startGateway({
    port: 0,
    chains: [devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' })],
    corsOrigins: [],
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
    return [
      `SafeInfo latency over ${requests} requests: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))} (target p50 ≤ 5 ms)`,
    ];
  } finally {
    await gateway.close();
    await devnet.stop();
  }
}
