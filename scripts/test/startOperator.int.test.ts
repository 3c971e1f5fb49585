import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pageSchema, transactionListItemSchema } from '@countersign/gateway-api';
import { readManifest } from '@countersign/devnet';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnStart, type ReadyInfo } from '../startProcess';

/** What a new operator meets following the README (issue 26): each start on its own state folder. */
const repoRoot = resolve(import.meta.dirname, '../..');
const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'countersign-operator-'));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

function isListening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Processes whose command line mentions `text` (the anvil of a state folder names its state file). */
function processesMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A start expected to fail: its exit code and what it printed. */
async function failedStart(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/launch.mjs', 'scripts/start.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RPC_PORT: '0', GATEWAY_PORT: '0', WEB_PORT: '0', DEMO_APPS_PORT: '0', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', (exitCode) => done(exitCode)));
  return { code, output };
}

async function holdPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

const waitFor = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 100));
  }
  return true;
};

describe('npm start, run as npm runs it', () => {
  it('stops every service when npm itself gets SIGTERM: no port left open, no anvil left', async () => {
    const work = folder();
    const stateDir = join(work, 'state');
    const readyFile = join(work, 'ready.json');
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        RPC_PORT: '0',
        GATEWAY_PORT: '0',
        WEB_PORT: '0',
        DEMO_APPS_PORT: '0',
        DEVNET_STATE_DIR: stateDir,
        COUNTERSIGN_READY_FILE: readyFile,
      },
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      expect(await waitFor(() => output.includes('Press Ctrl-C to stop.'), 120_000)).toBe(true);
      const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as ReadyInfo;
      const urls = [ready.webUrl, ready.gatewayUrl, ready.rpcUrl!, ready.demoAppsUrl];
      expect(processesMentioning(stateDir).length).toBeGreaterThan(0);
      npm.kill('SIGTERM');
      expect(await waitFor(async () => (await Promise.all(urls.map(isListening))).every((up) => !up))).toBe(
        true,
      );
      expect(await waitFor(() => processesMentioning(stateDir).length === 0)).toBe(true);
    } finally {
      for (const pid of processesMentioning(stateDir)) process.kill(pid, 'SIGKILL');
    }
  }, 180_000);
});

describe('npm start, settings an operator gets wrong', () => {
  it('refuses WEB_PORT=abc in one line naming it, exit code 1, no stack trace', async () => {
    const { code, output } = await failedStart({ WEB_PORT: 'abc', COUNTERSIGN_SKIP_WEB_BUILD: '1' });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toMatch(/^npm start: WEB_PORT="abc" is refused \(.+\): fix or unset it/);
  });

  it('names the service and setting of a busy port; a later start still seeds the off-chain demo', async () => {
    const stateDir = join(folder(), 'state');
    const busy = await holdPort();
    try {
      // The chain is deployed before the gateway fails to bind its port.
      const { code, output } = await failedStart({
        GATEWAY_PORT: String(busy.port),
        DEVNET_STATE_DIR: stateDir,
      });
      expect(code).toBe(1);
      expect(output).toContain(
        `npm start: gateway: GATEWAY_PORT=${busy.port} is in use: stop what listens there, or set GATEWAY_PORT to another port (0 picks a free one)`,
      );
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((done) => busy.server.close(done));
    }
    const second = await spawnStart({ stateDir });
    try {
      expect(second.output()).toContain('devnet reused');
      const manifest = readManifest(second.ready.manifestPath!);
      const response = await fetch(
        `${second.ready.gatewayUrl}/v1/chains/1337/safes/${manifest.safes[0]!.address}/transactions/queued`,
      );
      const page = pageSchema(transactionListItemSchema).parse(await response.json());
      expect(page.results.filter((item) => item.type === 'TRANSACTION')).toHaveLength(3);
      // Refused to a second start on the same folder, which the first holds.
      const { code, output } = await failedStart({
        DEVNET_STATE_DIR: stateDir,
        COUNTERSIGN_SKIP_WEB_BUILD: '1',
      });
      expect(code).toBe(1);
      expect(output).toContain(
        `npm start: DEVNET_STATE_DIR=${stateDir} is in use by another start (pid ${second.ready.pid})`,
      );
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  }, 180_000);

  it('says which database schema it uses, and that an unreachable DATABASE_URL cannot be used, password hidden', async () => {
    const { code, output } = await failedStart({
      DATABASE_URL: 'postgres://countersign:s3cret@127.0.0.1:9/countersign',
      DEVNET_STATE_DIR: join(folder(), 'state'),
      COUNTERSIGN_SKIP_WEB_BUILD: '1',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'gateway database: postgres://***@127.0.0.1:9/countersign, schema "public" (set DATABASE_SCHEMA',
    );
    expect(output).toContain(
      'npm start: gateway: DATABASE_URL=postgres://***@127.0.0.1:9/countersign could not be reached (',
    );
    expect(output).not.toContain('s3cret');
    expect(output).not.toMatch(/\n\s+at /);
  }, 120_000);
});

describe('npm start, as an operator runs it', () => {
  it('takes relative paths from where it was run, HOST=localhost, and a ready file in a new folder', async () => {
    const work = folder();
    const started = await spawnStart({
      env: { INIT_CWD: work, DEVNET_STATE_DIR: 'relative-state', HOST: 'localhost' },
      readyFile: join(work, 'not', 'yet', 'ready.json'),
    });
    try {
      expect(started.ready.manifestPath).toBe(join(work, 'relative-state', 'manifest.json'));
      expect(started.ready.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(started.ready.webUrl).toMatch(/^http:\/\/localhost:\d+$/);
      expect(await isListening(started.ready.webUrl)).toBe(true);
    } finally {
      expect(await started.stop('SIGTERM')).toBe(0);
    }
  }, 180_000);

  it('with a remote gateway that does not answer: a warning line, and no demo apps', async () => {
    const started = await spawnStart({ env: { GATEWAY_URL: 'http://127.0.0.1:9' } });
    try {
      expect(started.output()).toContain(
        'warning: GATEWAY_URL=http://127.0.0.1:9 does not answer GET /v1/chains',
      );
      expect(started.output()).not.toContain('demo apps:');
      expect(started.ready.demoAppsUrl).toBe('');
    } finally {
      expect(await started.stop('SIGINT')).toBe(0);
    }
  });
});
