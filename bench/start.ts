import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnStart } from '../scripts/startProcess';
import { ensureWebBuild } from '../scripts/webBuild';
import { median, ms } from './stats';

/**
 * `npm start` to ready, already built: the first run on an empty state folder deploys and seeds the
 * devnet; later runs reuse the saved chain. Measured from process spawn to the ready file.
 */
export async function benchStart(runs = 3): Promise<string[]> {
  ensureWebBuild();
  const stateDir = mkdtempSync(join(tmpdir(), 'countersign-bench-'));
  try {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < runs; i++) {
      rmSync(stateDir, { recursive: true, force: true });
      for (const bucket of [cold, warm]) {
        const started = performance.now();
        const run = await spawnStart({ stateDir });
        bucket.push(performance.now() - started);
        await run.stop('SIGTERM');
      }
    }
    return [
      `npm start to ready, fresh devnet: median ${ms(median(cold))} (target ≤ 10000 ms)`,
      `npm start to ready, saved devnet: median ${ms(median(warm))} (target ≤ 10000 ms)`,
    ];
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}
