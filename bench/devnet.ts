import { startDevnet } from '@countersign/devnet';
import { median, ms } from './stats';

/** Devnet from nothing to contracts deployed and the demo seeded (anvil start included). */
export async function benchDevnet(runs = 3): Promise<string[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const devnet = await startDevnet({ port: 0 });
    times.push(performance.now() - started);
    await devnet.stop();
  }
  return [`devnet deploy + seed: median ${ms(median(times))} over ${runs} runs (target ≤ 3000 ms)`];
}
