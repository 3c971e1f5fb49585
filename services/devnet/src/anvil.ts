import { spawn, type ChildProcess } from 'node:child_process';
import { anvilBinaryPath } from './anvilBinary';
import { withParentDeathSignal } from './parentDeath';

export type AnvilOptions = {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  chainId?: number;
  /** anvil's --state: load the chain from this file if it exists, dump it there on exit. */
  stateFile?: string;
  /** Extra seconds between periodic state dumps (with stateFile). */
  stateIntervalSeconds?: number;
  /** Genesis timestamp (seconds); fixing it keeps a fresh chain's history deterministic. */
  genesisTimestamp?: number;
  startupTimeoutMs?: number;
  /**
   * Keeps only this many past states (anvil's --prune-history) under Cancun's rules: anvil 1.7 mines
   * each block in a time that grows with the states it keeps and, from Prague on, with the storage
   * of the block-hash history contract, so that a chain of 100,000 blocks takes hours; this way about
   * three minutes. Calls at older blocks fail (BlockOutOfRangeError).
   */
  keepStates?: number;
};

export type Anvil = {
  rpcUrl: string;
  host: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
};

const running = new Set<ChildProcess>();
let exitHooksInstalled = false;

/** Last line of defence for in-process parents: kill every anvil we spawned when Node exits. */
function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const host = options.host ?? '127.0.0.1';
  const args = [
    '--host',
    host,
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(options.chainId ?? 1337),
  ];
  if (options.stateFile) {
    args.push('--state', options.stateFile);
    if (options.stateIntervalSeconds) args.push('--state-interval', String(options.stateIntervalSeconds));
  }
  if (options.genesisTimestamp !== undefined) args.push('--timestamp', String(options.genesisTimestamp));
  if (options.keepStates !== undefined)
    args.push('--hardfork', 'cancun', '--prune-history', String(options.keepStates));

  // A crashed or killed parent must never leave a chain listening.
  const [command, commandArgs] = withParentDeathSignal(anvilBinaryPath(), args);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  installExitHooks();

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));

  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`anvil did not start within ${options.startupTimeoutMs ?? 15000} ms:\n${output}`)),
      options.startupTimeoutMs ?? 15000,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on [^\s]+:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining so anvil never blocks on a full pipe.
        child.stdout?.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      fail(new Error(`anvil exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });

  let stopping: Promise<void> | undefined;
  return {
    rpcUrl: `http://${host}:${port}`,
    host,
    port,
    pid: child.pid ?? -1,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        // SIGTERM lets anvil dump its state file; give it time, then insist.
        child.kill('SIGTERM');
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killTimer);
      })();
      return stopping;
    },
  };
}
