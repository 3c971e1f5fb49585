import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createSafe, devAccounts, devnetClients, startDevnet } from '@countersign/devnet';
import { gatewayNodeFlags } from '@countersign/gateway';
import {
  buildSafeTx,
  encodeExecTransaction,
  encodeSignatures,
  safeAbi,
  safeTxTypedData,
} from '@countersign/safe-core';
import { encodeFunctionData, erc20Abi, parseEther, type Address } from 'viem';
import { ms, percentile } from './stats';

const executions = 10_000;
const transfers = 1_000;
/** Transactions per mined block while seeding: big blocks keep the seeding fast. */
const perBlock = 400;

async function spawnGateway(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    // As `npm start -w @countersign/gateway` runs it.
    [...gatewayNodeFlags, '--import', 'tsx', join(import.meta.dirname, '../services/gateway/src/main.ts')],
    {
      env: { ...process.env, GATEWAY_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /gateway: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code})`)));
  });
  return { url, child };
}

function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/**
 * The gateway at the issue's scale: a Safe with 10,000 executed transactions and 1,000 token
 * transfers on a fresh devnet, then a gateway process catching up on it and serving it.
 */
export async function benchGatewayAtScale(): Promise<string[]> {
  const stateDir = mkdtempSync(join(tmpdir(), 'countersign-scale-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-scale-data-'));
  const devnet = await startDevnet({ port: 0, stateDir });
  let gateway: { url: string; child: ChildProcess } | undefined;
  try {
    const clients = devnetClients(1337, devnet.rpcUrl);
    const accounts = devAccounts();
    const deployer = accounts[0]!.account;
    const owner = accounts[9]!.account;
    const recipient = accounts[8]!.account.address;
    const dev = devnet.manifest.tokens.find((t) => t.symbol === 'DEV')!.address as Address;
    const safe = await createSafe(clients, {
      sender: deployer.address,
      owners: [owner.address],
      threshold: 1n,
      saltNonce: 10_000n,
    });
    await clients.wallet.sendTransaction({
      account: deployer.address,
      to: safe,
      value: parseEther('100'),
      chain: clients.chain,
    });

    const seedingStarted = performance.now();
    await clients.test.setAutomine(false);
    for (let nonce = 0; nonce < executions; nonce++) {
      const tx = buildSafeTx({ to: recipient, value: 1n, nonce: BigInt(nonce) });
      const signature = await owner.signTypedData(safeTxTypedData({ chainId: 1337, safe, tx }));
      await clients.wallet.sendTransaction({
        account: owner.address,
        chain: clients.chain,
        to: safe,
        gas: 150_000n,
        data: encodeExecTransaction(tx, encodeSignatures([{ signer: owner.address, data: signature }])),
      });
      if ((nonce + 1) % perBlock === 0) await clients.test.mine({ blocks: 1 });
    }
    for (let i = 0; i < transfers; i++) {
      await clients.wallet.sendTransaction({
        account: deployer.address,
        chain: clients.chain,
        to: dev,
        gas: 80_000n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [safe, 1n + BigInt(i)] }),
      });
      if ((i + 1) % perBlock === 0) await clients.test.mine({ blocks: 1 });
    }
    await clients.test.mine({ blocks: 1 });
    await clients.test.setAutomine(true);
    const nonce = await clients.public.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
    if (nonce !== BigInt(executions))
      throw new Error(`Seeding executed ${nonce} of ${executions} transactions`);
    const seedingSeconds = (performance.now() - seedingStarted) / 1000;

    gateway = await spawnGateway({ DEVNET_MANIFEST: devnet.manifestPath, GATEWAY_DATA_DIR: dataDir });
    const historyUrl = (query = '') =>
      `${gateway!.url}/v1/chains/1337/safes/${safe}/transactions/history${query}`;
    // Creation, the funding transfer, every execution and every token transfer.
    const expected = 1 + 1 + executions + transfers;
    const catchUpStarted = performance.now();
    let count = 0;
    while (count < expected) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      count = ((await (await fetch(historyUrl())).json()) as { count: number }).count;
    }
    const catchUpSeconds = (performance.now() - catchUpStarted) / 1000;

    const time = async (url: string) => {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return performance.now() - started;
    };
    const firstPage: number[] = [];
    for (let i = 0; i < 300; i++) firstPage.push(await time(historyUrl()));
    const anyPage: number[] = [];
    for (let i = 0; i < 300; i++) {
      const offset = Math.floor(Math.random() * (expected - 20));
      anyPage.push(await time(historyUrl(`?cursor=${encodeURIComponent(`limit=20&offset=${offset}`)}`)));
    }
    firstPage.sort((a, b) => a - b);
    anyPage.sort((a, b) => a - b);

    const load = await autocannon({
      url: `${gateway.url}/v1/chains/1337/safes/${safe}`,
      connections: 50,
      duration: 10,
    });
    const memory = rssMb(gateway.child.pid!);
    return [
      `at scale: seeded ${executions} executions + ${transfers} token transfers in ${seedingSeconds.toFixed(1)} s`,
      `indexer catch-up: ${expected} items in ${catchUpSeconds.toFixed(1)} s = ${Math.round((executions + transfers) / catchUpSeconds)} Safe transactions/s (target ≥ 500)`,
      `history first page: p50 ${ms(percentile(firstPage, 50))}, p99 ${ms(percentile(firstPage, 99))} (target p50 ≤ 5 ms)`,
      `history any page (random depth): p50 ${ms(percentile(anyPage, 50))}, p99 ${ms(percentile(anyPage, 99))} (target p99 ≤ 25 ms)`,
      `SafeInfo under load, 50 connections, 10 s: ${Math.round(load.requests.average)} requests/s, p99 ${load.latency.p99} ms, ${load.errors} errors, ${load.non2xx} non-2xx (target ≥ 2000/s)`,
      `gateway memory after load: RSS ${memory.rss.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB (target ≤ 250 MB)`,
    ];
  } finally {
    gateway?.child.kill('SIGTERM');
    await devnet.stop();
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
