import { spawn, type ChildProcess } from 'node:child_process';
import { createSafe, devAccounts, devnetClients, type Devnet } from '@countersign/devnet';
import { gatewayNodeFlags } from '@countersign/gateway';
import {
  buildSafeTx,
  encodeExecTransaction,
  encodeSignatures,
  safeAbi,
  safeTxTypedData,
} from '@countersign/safe-core';
import { encodeFunctionData, erc20Abi, parseEther, type Address } from 'viem';
import { join } from 'node:path';

/**
 * A Safe at the scale, shared by the benchmarks that need one: 10,000 executed transactions
 * and 1,000 token transfers on a fresh devnet, and a gateway process that indexes it.
 */
export const scale = { executions: 10_000, transfers: 1_000 };
/** Transactions per mined block while seeding: big blocks keep the seeding fast. */
const perBlock = 400;

/** History items of the seeded Safe: its creation, the funding transfer, every execution and transfer. */
export const scaleHistoryItems = 1 + 1 + scale.executions + scale.transfers;

/** Seeds the Safe on `devnet`; answers its address and how long seeding took. */
export async function seedSafeAtScale(devnet: Devnet): Promise<{ safe: Address; seedingSeconds: number }> {
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
  for (let nonce = 0; nonce < scale.executions; nonce++) {
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
  for (let i = 0; i < scale.transfers; i++) {
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
  if (nonce !== BigInt(scale.executions))
    throw new Error(`Seeding executed ${nonce} of ${scale.executions} transactions`);
  return { safe, seedingSeconds: (performance.now() - seedingStarted) / 1000 };
}

/** The gateway as `npm start -w @countersign/gateway` runs it, in a process of its own. */
export async function spawnGateway(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [...gatewayNodeFlags, '--import', 'tsx', join(import.meta.dirname, '../services/gateway/src/main.ts')],
    {
      // The load generator is one address standing for many users: the per-client read limit would
      // measure the limiter, not the gateway. Concurrency, deadlines and write limits stay on.
      env: { ...process.env, GATEWAY_PORT: '0', GATEWAY_RATE_LIMIT_READS: '0', ...env },
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

/**
 * Stops a spawned gateway and waits until it is gone: a child still running (or still holding its
 * output pipe) keeps the benchmark's process alive after its last figure. SIGKILL after 5 s.
 */
export async function stopGateway(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  child.stdout?.destroy();
}

/** Waits until the gateway's history of `safe` counts every seeded item; answers how long it took. */
export async function waitForHistory(gatewayUrl: string, safe: Address): Promise<number> {
  const started = performance.now();
  let count = 0;
  while (count < scaleHistoryItems) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await fetch(`${gatewayUrl}/v1/chains/1337/safes/${safe}/transactions/history`);
    count = ((await response.json()) as { count: number }).count;
  }
  return (performance.now() - started) / 1000;
}
