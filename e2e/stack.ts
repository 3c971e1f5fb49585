import { readFileSync } from 'node:fs';
import { spawnStart, type ReadyInfo } from '../scripts/startProcess';

/** One worker's stack: what `npm start` reported, and the demo devnet's manifest. */
export type E2eStack = ReadyInfo & {
  safes: { name: string; address: string; owners: string[]; threshold: number }[];
  chainId: number;
  accounts: { address: string; privateKey: `0x${string}`; role: string }[];
};

/** The name of the snapshot every test starts from: the freshly seeded demo. */
const BASELINE = 'baseline';

async function snapshotCall(gatewayUrl: string, path: string): Promise<void> {
  const response = await fetch(`${gatewayUrl}/__test/snapshots/${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`Snapshot ${path} failed: ${response.status} ${await response.text()}`);
}

/**
 * Runs the whole local stack through `npm start`'s own entry point, on free ports, with the gateway's
 * test-only snapshot routes, and snapshots the seeded demo. `reset()` puts the chain and the gateway
 * back to it, so a test that proposes, signs or executes leaves nothing behind for the next.
 */
export async function startE2eStack(env: Record<string, string> = {}) {
  return withBaseline(
    await spawnStart({
      env: {
        ...env,
        COUNTERSIGN_TEST_CONTROL: '1',
        COUNTERSIGN_SKIP_WEB_BUILD: '1',
        // Each step of the start on stderr, and a start that is not ready in a minute ends naming the
        // step it waits on: the error a test reports when its stack did not start.
        COUNTERSIGN_START_TRACE: '1',
        START_TIMEOUT_SECONDS: '60',
        // Tests serve the app from web servers of their own too (other settings, other hosts).
        GATEWAY_CORS_ORIGINS: '*',
        // A first visit's page always comes rendered by the server, however busy the machine is: the
        // tests check what it renders; the time it may take is the benchmark's to measure.
        WEB_PRERENDER_BUDGET_MS: '5000',
      },
      // Past npm start's own deadline: only a start that cannot even say why is killed here.
      timeoutMs: 80_000,
    }),
  );
}

/** Snapshots the freshly started stack as every test's starting point. */
async function withBaseline(started: Awaited<ReturnType<typeof spawnStart>>) {
  try {
    const manifest = JSON.parse(readFileSync(started.ready.manifestPath!, 'utf8')) as Pick<
      E2eStack,
      'chainId' | 'safes' | 'accounts'
    >;
    const stack: E2eStack = {
      ...started.ready,
      chainId: manifest.chainId,
      safes: manifest.safes,
      accounts: manifest.accounts,
    };
    await snapshotCall(stack.gatewayUrl, BASELINE);
    return {
      stack,
      reset: () => snapshotCall(stack.gatewayUrl, `${BASELINE}/revert`),
      stop: () => started.stop('SIGTERM'),
    };
  } catch (error) {
    await started.stop('SIGKILL');
    throw error;
  }
}
