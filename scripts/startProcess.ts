import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { withParentDeathSignal } from '@countersign/devnet';
import { descendants } from './processTree';

const repoRoot = resolve(import.meta.dirname, '..');

/** `npm start` that printed no ready line before the deadline (killed then). */
export class NotReadyInTime extends Error {}

/** What `npm start` reports once every service listens (COUNTERSIGN_READY_FILE). */
export type ReadyInfo = {
  webUrl: string;
  gatewayUrl: string;
  /**
   * The demo Safe Apps' origin (another site than webUrl), e.g. http://localhost:5190; empty with a
   * remote gateway (GATEWAY_URL), which does not list them.
   */
  demoAppsUrl: string;
  rpcUrl?: string;
  manifestPath?: string;
  readyMs: number;
  pid: number;
};

export type StartedProcess = {
  ready: ReadyInfo;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Sends `signal` and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** The processes under `root` with how long each has run, as `ps` lists them: what a stuck start waits on. */
function processTree(root: number): string {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,etime=,stat=,args='], { encoding: 'utf8' });
  } catch {
    return '(ps could not list the processes)';
  }
  const rows = listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length >= 5)
    .map(([pid, ppid, ...rest]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      text: rest.join(' ').slice(0, 200),
    }));
  const inTree = descendants(root, rows);
  return rows
    .filter((row) => inTree.has(row.pid))
    .map((row) => `${row.pid} ${row.text}`)
    .join('\n');
}

/**
 * Runs `npm start`'s command (scripts/launch.mjs with scripts/start.ts) as its own process, with free ports by default,
 * and waits until it reports ready. Used by the end-to-end tests, the start/stop test and the bench.
 */
export async function spawnStart(
  options: {
    env?: NodeJS.ProcessEnv;
    stateDir?: string;
    timeoutMs?: number;
    /** Where the start reports it is ready (a file in a temporary folder by default). */
    readyFile?: string;
  } = {},
): Promise<StartedProcess> {
  const workDir = mkdtempSync(join(tmpdir(), 'countersign-start-'));
  const readyFile = options.readyFile ?? join(workDir, 'ready.json');
  // Under a parent-death signal: a test runner that dies takes this whole stack with it.
  const [command, args] = withParentDeathSignal(process.execPath, [
    join(repoRoot, 'scripts/launch.mjs'),
    'scripts/start.ts',
  ]);
  const child = spawn(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      RPC_PORT: '0',
      GATEWAY_PORT: '0',
      WEB_PORT: '0',
      DEMO_APPS_PORT: '0',
      DEVNET_STATE_DIR: options.stateDir ?? join(workDir, 'devnet'),
      COUNTERSIGN_READY_FILE: readyFile,
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  // Ready once the file exists and its last line has been read: the file can be seen before this
  // process reads what the child printed ahead of it (the pipe is read in a later event-loop turn).
  while (!existsSync(readyFile) || !output.includes('Press Ctrl-C to stop.')) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `npm start exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`,
      );
    }
    if (Date.now() > deadline) {
      const tree = child.pid === undefined ? '' : processTree(child.pid);
      child.kill('SIGKILL');
      throw new NotReadyInTime(
        `npm start was not ready in time:\n${output}\nits processes (pid, elapsed, state, command):\n${tree}`,
      );
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as ReadyInfo;
  return {
    ready,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      rmSync(workDir, { recursive: true, force: true });
      return code;
    },
  };
}
