import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gatewayConfigFromEnv } from '@countersign/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The parts run on their own as `npm start -w <package>` runs them: in the package's folder, with the
 * operator's own folder in INIT_CWD.
 */
const repoRoot = resolve(import.meta.dirname, '../..');
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'countersign-standalone-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(packageDir: string, entry: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: join(repoRoot, packageDir),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, INIT_CWD: work, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

async function until(check: () => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 50));
  }
}

const gateway = (env: NodeJS.ProcessEnv) => run('services/gateway', 'src/main.ts', env);

describe('the devnet on its own', () => {
  let devnet: ReturnType<typeof run> & { child: ChildProcess };
  afterAll(() => devnet?.child.kill('SIGKILL'));

  it('keeps its state where it was run from, on localhost, alone in its folder', async () => {
    devnet = run('services/devnet', 'src/cli.ts', {
      DEVNET_STATE_DIR: 'devnet-state',
      RPC_HOST: 'localhost',
      RPC_PORT: '0',
    });
    await until(() => devnet.stdout().includes('devnet deployed and seeded into'));
    expect(devnet.stdout()).toMatch(/^rpc: http:\/\/127\.0\.0\.1:\d+$/m);
    expect(devnet.stdout()).toContain(`seeded into ${join(work, 'devnet-state')} `);
    expect(existsSync(join(work, 'devnet-state', 'manifest.json'))).toBe(true);

    const second = run('services/devnet', 'src/cli.ts', { DEVNET_STATE_DIR: 'devnet-state', RPC_PORT: '0' });
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim()).toBe(
      `devnet: DEVNET_STATE_DIR=${join(work, 'devnet-state')} is in use by another start (pid ${devnet.child.pid}): stop it, or set DEVNET_STATE_DIR to another folder`,
    );
  }, 120_000);

  it('gives the gateway a manifest and a data folder relative to where it was run', () => {
    const config = gatewayConfigFromEnv({
      INIT_CWD: work,
      DEVNET_MANIFEST: 'devnet-state/manifest.json',
      GATEWAY_DATA_DIR: 'not/yet/gateway',
    });
    expect(config.chains.map((chain) => chain.chainId)).toEqual(['1337']);
    expect(config.store).toEqual({ dataDir: join(work, 'not/yet/gateway') });
    expect(existsSync(join(work, 'not/yet'))).toBe(true);
  });

  it('stops on SIGTERM', async () => {
    devnet.child.kill('SIGTERM');
    expect(await devnet.exited).toBe(0);
  });
});

describe('the gateway on its own, with a setting it refuses', () => {
  it('a malformed chains file: one line naming it, exit code 1, no stack trace', async () => {
    writeFileSync(join(work, 'chains.json'), '[{ "chainId": ');
    const started = gateway({ GATEWAY_CHAINS_FILE: 'chains.json' });
    expect(await started.exited).toBe(1);
    expect(started.stderr().trim().split('\n')).toHaveLength(1);
    expect(started.stderr()).toMatch(
      /^gateway: GATEWAY_CHAINS_FILE="chains\.json" is refused \(.*JSON.*\): point it at a JSON array of chain configurations/,
    );
  });

  it('a chain without its fields: the field is named', async () => {
    writeFileSync(join(work, 'missing.json'), '[{ "chainId": "1" }]');
    const started = gateway({ GATEWAY_CHAINS_FILE: 'missing.json' });
    expect(await started.exited).toBe(1);
    expect(started.stderr().trim().split('\n')).toHaveLength(1);
    expect(started.stderr()).toMatch(/^gateway: GATEWAY_CHAINS_FILE="missing\.json" is refused \(0\.\w+: /);
  });

  it('a port that is not a number', async () => {
    const started = gateway({ GATEWAY_PORT: 'abc', DEVNET_MANIFEST: 'devnet-state/manifest.json' });
    expect(await started.exited).toBe(1);
    expect(started.stderr().trim()).toMatch(
      /^gateway: GATEWAY_PORT="abc" is refused \(.+\): set a port number 0-65535$/,
    );
  });
});

describe('the web server on its own', () => {
  it('a busy WEB_PORT: one line naming it, exit code 1', async () => {
    const busy = createServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const address = busy.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const web = run('apps/web', 'serve/main.ts', { WEB_PORT: String(port) });
      expect(await web.exited).toBe(1);
      expect(web.stderr().trim()).toBe(
        `web: WEB_PORT=${port} is in use: stop what listens there, or set WEB_PORT to another port (0 picks a free one)`,
      );
    } finally {
      await new Promise((done) => busy.close(done));
    }
  });
});
