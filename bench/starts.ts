import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotReadyInTime, spawnStart } from '../scripts/startProcess';
import { ensureWebBuild } from '../scripts/webBuild';
import { ms, percentile } from './stats';

/** Longer than npm start's own deadline: a start that says nothing by then is a hang. */
const hangAfterMs = 150_000;

type Outcome = { ms: number } | { hang: string } | { failed: string };

async function oneStart(env: NodeJS.ProcessEnv, stateDir?: string): Promise<Outcome> {
  const began = performance.now();
  try {
    const run = await spawnStart({ env, stateDir, timeoutMs: hangAfterMs });
    const took = performance.now() - began;
    await run.stop('SIGTERM');
    return { ms: took };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    // npm start's own deadline (it names the step) or, failing that, the bench's.
    return error instanceof NotReadyInTime || text.includes('not ready after')
      ? { hang: text }
      : { failed: text };
  }
}

function summary(label: string, outcomes: Outcome[]): string[] {
  const times = outcomes.flatMap((o) => ('ms' in o ? [o.ms] : [])).sort((a, b) => a - b);
  const hangs = outcomes.flatMap((o) => ('hang' in o ? [o.hang] : []));
  const failures = outcomes.flatMap((o) => ('failed' in o ? [o.failed] : []));
  return [
    `${label}: ${times.length} of ${outcomes.length} ready, ${hangs.length} hung, ${failures.length} failed; ` +
      `ready p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(times.at(-1) ?? NaN)}`,
    // What a hang or a failure printed, trace included: the step it stopped at.
    ...[...hangs, ...failures].map((text) => `  ${text.split('\n').slice(0, 40).join('\n  ')}`),
  ];
}

/**
 * `npm run bench -- starts`: `npm start` again and again, as a user and the end-to-end workers do.
 * Fifty starts in a row on one saved devnet, then ten rounds of three two-chain stacks started
 * together on fresh folders (the e2e workers' settings). Every start must become ready.
 */
export async function benchStarts(options: { inARow?: number; rounds?: number } = {}): Promise<string[]> {
  ensureWebBuild();
  // Built once above: a start does not check the build again (edits made meanwhile wait).
  const trace = { COUNTERSIGN_START_TRACE: '1', COUNTERSIGN_SKIP_WEB_BUILD: '1' };
  const inARowCount = options.inARow ?? 50;
  const rounds = options.rounds ?? 10;
  const stateDir = mkdtempSync(join(tmpdir(), 'countersign-starts-'));
  const inARow: Outcome[] = [];
  try {
    for (let i = 0; i < inARowCount; i++) inARow.push(await oneStart(trace, stateDir));
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
  const together: Outcome[] = [];
  const e2eLike = {
    ...trace,
    DEVNET_SECOND_CHAIN: '1',
    COUNTERSIGN_TEST_CONTROL: '1',
    COUNTERSIGN_SKIP_WEB_BUILD: '1',
  } as const;
  for (let round = 0; round < rounds; round++) {
    together.push(...(await Promise.all([0, 1, 2].map(() => oneStart(e2eLike)))));
  }
  return [
    ...summary(`npm start, ${inARowCount} in a row (saved devnet)`, inARow),
    ...summary(`npm start, 3 two-chain stacks at once × ${rounds} (fresh devnets)`, together),
  ];
}
