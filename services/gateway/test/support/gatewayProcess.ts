import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { GatewayHealth } from '../../src/indexer/health';

export type GatewayProcess = { url: string; child: ChildProcess; output: () => string };

/** The gateway as its own process (services/gateway/src/main.ts), the way it runs in production. */
export async function spawnGateway(env: NodeJS.ProcessEnv): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../src/main.ts')], {
    env: { ...process.env, GATEWAY_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /gateway: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}):\n${output}`)));
  });
  return { url, child, output: () => output };
}

/** Ends a gateway process with `signal` (SIGKILL: no shutdown at all) and resolves once it is gone. */
export const stopProcess = (child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** What a replica's /health says of the devnet chain (undefined once it is gone). */
export async function chainHealth(replica: Pick<GatewayProcess, 'url'>) {
  const response = await fetch(`${replica.url}/health`).catch(() => undefined);
  if (!response) return undefined;
  return ((await response.json()) as GatewayHealth).chains['1337'];
}

/** The replicas that say they index the devnet chain, among those that answer. */
export async function indexing(replicas: readonly GatewayProcess[]): Promise<GatewayProcess[]> {
  const states = await Promise.all(replicas.map(chainHealth));
  return replicas.filter((_, i) => states[i]?.role === 'indexes');
}

/** Whether a gateway process still runs. */
export const isRunning = (replica: Pick<GatewayProcess, 'child'>) =>
  replica.child.exitCode === null && replica.child.signalCode === null;

/**
 * Replicas of one deployment on one PostgreSQL schema: each spawned (by `spawnGateway`, or the
 * caller's own way) with the same chains file and database, all kept for the caller to stop.
 */
export function replicaSet<Replica extends Pick<GatewayProcess, 'url' | 'child'> = GatewayProcess>(
  settings: { chainsFile: string; databaseUrl: string; schema: string },
  spawnReplica: (env: NodeJS.ProcessEnv) => Promise<Replica> = spawnGateway as never,
) {
  const all: Replica[] = [];
  return {
    all,
    alive: () => all.filter(isRunning),
    spawn: async () => {
      const replica = await spawnReplica({
        GATEWAY_CHAINS_FILE: settings.chainsFile,
        DEVNET_MANIFEST: '',
        DATABASE_URL: settings.databaseUrl,
        DATABASE_SCHEMA: settings.schema,
      });
      all.push(replica);
      return replica;
    },
  };
}
