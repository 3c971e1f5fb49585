import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chainsFile } from './support/chainsFile';
import { stopProcess } from './support/gatewayProcess';

const entry = join(import.meta.dirname, '../src/main.ts');

/** A port that was free a moment ago and that nothing listens on now. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Run = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
};

function runGateway(env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, DEVNET_MANIFEST: '', DATABASE_URL: '', LOG_FORMAT: 'text', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let dir: string;
/** An RPC that answers eth_chainId for chain 1, whatever it is configured as. */
let mainnetRpc: Server;
let mainnetRpcUrl: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  mainnetRpc = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }));
  });
  await new Promise<void>((resolve) => mainnetRpc.listen(0, '127.0.0.1', resolve));
  mainnetRpcUrl = `http://127.0.0.1:${(mainnetRpc.address() as { port: number }).port}/secret-key`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => mainnetRpc.close(() => resolve()));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((child) => stopProcess(child, 'SIGKILL')));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the standalone gateway (src/main.ts)', () => {
  it('on a busy port exits 1 with one stderr line naming GATEWAY_PORT, no stack trace', async () => {
    dir = mkdtempSync(join(tmpdir(), 'countersign-standalone-'));
    const busy = createTcpServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const run = runGateway({
        GATEWAY_PORT: String(port),
        GATEWAY_CHAINS_FILE: chainsFile(dir, [{ chainId: '1', chainName: 'Mainnet', rpcUrl: mainnetRpcUrl }]),
        GATEWAY_DATA_DIR: join(dir, 'data'),
      });
      running.push(run.child);
      expect(await run.exited).toBe(1);
      const lines = run.stderr().trim().split('\n');
      expect(lines).toEqual([expect.stringContaining(`GATEWAY_PORT=${port} is in use: `)]);
      expect(run.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });

  it('on an unreachable DATABASE_URL exits 1 with one line, the password hidden', async () => {
    dir = mkdtempSync(join(tmpdir(), 'countersign-standalone-'));
    const port = await closedPort();
    const run = runGateway({
      GATEWAY_PORT: '0',
      GATEWAY_CHAINS_FILE: chainsFile(dir, [{ chainId: '1', chainName: 'Mainnet', rpcUrl: mainnetRpcUrl }]),
      DATABASE_URL: `postgres://someone:hunter2@127.0.0.1:${port}/countersign`,
    });
    running.push(run.child);
    expect(await run.exited).toBe(1);
    const lines = run.stderr().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^gateway: DATABASE_URL=postgres://\\*\\*\\*@127\\.0\\.0\\.1:${port}/countersign could not be reached: \\S`,
        ),
      ),
    ]);
    expect(run.stderr()).not.toContain('hunter2');
  });

  it('warns, naming the chain and never its RPC URL, of an RPC that is down or on another chain', async () => {
    dir = mkdtempSync(join(tmpdir(), 'countersign-standalone-'));
    const downPort = await closedPort();
    const run = runGateway({
      GATEWAY_PORT: '0',
      GATEWAY_CHAINS_FILE: chainsFile(dir, [
        { chainId: '11155111', chainName: 'Sepolia', rpcUrl: `http://127.0.0.1:${downPort}/secret-key` },
        { chainId: '10', chainName: 'Optimism', rpcUrl: mainnetRpcUrl },
        { chainId: '1', chainName: 'Mainnet', rpcUrl: mainnetRpcUrl },
      ]),
      GATEWAY_DATA_DIR: join(dir, 'data'),
    });
    running.push(run.child);
    await until(
      () =>
        /gateway: http:\/\//.test(run.stdout()) &&
        /Optimism/.test(run.stderr()) &&
        /Sepolia/.test(run.stderr()),
    );
    const warnings = run
      .stderr()
      .split('\n')
      .filter((line) => line.includes('warning:'));
    expect(warnings).toHaveLength(2);
    expect(warnings).toContainEqual(
      expect.stringMatching(/Sepolia \(11155111\): its RPC does not answer eth_chainId/),
    );
    expect(warnings).toContainEqual(
      expect.stringMatching(/Optimism \(10\): its RPC answers chain id 1, not 10/),
    );
    expect(run.stderr()).not.toContain('secret-key');
    expect(run.stderr()).not.toContain(String(downPort));
  });

  it('stops when the process that started it is gone (npm start under sh, killed)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'countersign-standalone-'));
    // A launcher standing in for npm's shell: it starts the gateway, reports its pid, and waits.
    const launcher = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(entry)}], { stdio: ['ignore', 'inherit', 'inherit'] });
         console.log(c.pid); setInterval(() => {}, 1000);`,
      ],
      {
        env: {
          ...process.env,
          GATEWAY_PORT: '0',
          DEVNET_MANIFEST: '',
          DATABASE_URL: '',
          GATEWAY_CHAINS_FILE: chainsFile(dir, [
            { chainId: '1', chainName: 'Mainnet', rpcUrl: mainnetRpcUrl },
          ]),
          GATEWAY_DATA_DIR: join(dir, 'data'),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    running.push(launcher);
    let out = '';
    launcher.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await until(() => /^\d+\n[^]*gateway: http:\/\//.test(out));
    const pid = Number(out.split('\n')[0]);
    expect(isAlive(pid)).toBe(true);
    await stopProcess(launcher, 'SIGKILL');
    await until(() => !isAlive(pid), 10_000);
    expect(isAlive(pid)).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
