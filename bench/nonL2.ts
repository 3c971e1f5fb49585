import { createSafe, devAccounts, devnetClients, startDevnet } from '@countersign/devnet';
import { openDatabase } from '@countersign/gateway';
import { Indexer } from '../services/gateway/src/indexer/indexer';
import { safe141 } from '@countersign/safe-core';
import { createPublicClient, http, parseEther, type Address, type PublicClient } from 'viem';
import { startCountingRpcProxy } from '../services/gateway/test/support/countingRpcProxy';
import { startLocalGateway } from '../services/gateway/test/support/localGateway';
import {
  deploySafeWithoutFactory,
  executeByOwners,
  relayThroughMulticall,
} from '../services/gateway/test/support/safes';
import { median, ms } from './stats';

const accounts = devAccounts();
const deployer = accounts[0]!.account.address;
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];
const recipient = accounts[8]!.account.address;
const plain141 = {
  safeL2: safe141.safe,
  safeProxyFactory: safe141.safeProxyFactory,
  compatibilityFallbackHandler: safe141.compatibilityFallbackHandler,
};

/**
 * Issue 31's figures for Safes on non-L2 singletons: execute → history against an L2 Safe on the
 * same gateway, RPC calls per execution the indexer spends to recover it, catch-up with such Safes,
 * and how long a Safe with a long past takes to show its history once asked about.
 */
export async function benchNonL2(
  rounds = 10,
  past = Number(process.env.BENCH_NONL2_PAST ?? 1000),
): Promise<string[]> {
  const lines: string[] = [];
  lines.push(...(await executeToHistory(rounds)));
  lines.push(...(await callsAndCatchUp()));
  lines.push(...(await askedAboutWithPast(past)));
  return lines;
}

async function executeToHistory(rounds: number): Promise<string[]> {
  const local = await startLocalGateway({ store: {} });
  try {
    const clients = devnetClients(1337, local.devnet.rpcUrl);
    const make = (deployment: typeof plain141 | undefined, salt: bigint) =>
      createSafe(clients, {
        sender: deployer,
        owners: [ownerA.address, ownerB.address],
        threshold: 2n,
        saltNonce: salt,
        deployment,
      });
    const safes = { l2: await make(undefined, 9001n), plain: await make(plain141, 9002n) };
    for (const safe of Object.values(safes)) {
      const hash = await clients.wallet.sendTransaction({
        account: deployer,
        chain: clients.chain,
        to: safe,
        value: parseEther('5'),
      });
      await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    }
    await local.indexed();
    const count = async (safe: Address) => {
      const { body } = await local.request(
        'GET',
        `/v1/chains/1337/safes/${safe}/transactions/history?cursor=limit%3D1%26offset%3D0`,
      );
      return (body as { count: number }).count;
    };
    const times: Record<'l2' | 'plain', number[]> = { l2: [], plain: [] };
    for (let round = 0; round < rounds; round += 1) {
      // Alternating, so that both see the same machine.
      for (const kind of round % 2 === 0 ? (['l2', 'plain'] as const) : (['plain', 'l2'] as const)) {
        const safe = safes[kind];
        const before = await count(safe);
        await executeByOwners(clients, safe, { to: recipient, value: 1n });
        const mined = performance.now();
        while ((await count(safe)) === before) await new Promise((resolve) => setTimeout(resolve, 2));
        times[kind].push(performance.now() - mined);
      }
    }
    return [
      `non-L2 execute → history (${rounds} rounds, median from the receipt to the history listing it): plain Safe 1.4.1 ${ms(median(times.plain))}, SafeL2 1.4.1 ${ms(median(times.l2))} (target: within 100 ms of the L2 Safe)`,
    ];
  } finally {
    await local.stop();
  }
}

/** RPC calls of a whole catch-up over a chain where one Safe does `n` executions of a kind. */
async function callsAndCatchUp(n = 100): Promise<string[]> {
  const lines: string[] = [];
  const kinds = ['l2', 'plain direct', 'plain via Multicall3'] as const;
  for (const kind of kinds) {
    const devnet = await startDevnet({ port: 0 });
    const proxy = await startCountingRpcProxy(devnet.rpcUrl);
    const db = await openDatabase({});
    try {
      const clients = devnetClients(1337, devnet.rpcUrl);
      const start = (await clients.public.getBlockNumber()) + 1n;
      const safe = await createSafe(clients, {
        sender: deployer,
        owners: [ownerA.address, ownerB.address],
        threshold: 2n,
        saltNonce: 77n,
        deployment: kind === 'l2' ? undefined : plain141,
      });
      const hash = await clients.wallet.sendTransaction({
        account: deployer,
        chain: clients.chain,
        to: safe,
        value: parseEther('5'),
      });
      await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 10 });
      for (let i = 0; i < n; i += 1) {
        if (kind === 'plain via Multicall3')
          await relayThroughMulticall(clients, safe, { to: recipient, value: 1n });
        else await executeByOwners(clients, safe, { to: recipient, value: 1n });
      }
      const head = await clients.public.getBlockNumber();
      const client = createPublicClient({
        chain: clients.chain,
        transport: http(proxy.url, { batch: { wait: 0 } }),
      }) as PublicClient;
      const indexer = new Indexer({
        db,
        client,
        chainId: '1337',
        factories: [safe141.safeProxyFactory],
        singletons: [safe141.safeL2, safe141.safe],
        startBlock: start,
      });
      proxy.reset();
      const started = performance.now();
      while (await indexer.runOnce());
      const elapsed = performance.now() - started;
      const [row] = await db.query<{ n: string }>(
        'SELECT COUNT(*) AS n FROM multisig_transactions WHERE safe = $1',
        [safe],
      );
      if (Number(row?.n) !== n) throw new Error(`${kind}: indexed ${row?.n} of ${n} executions`);
      const blocks = Number(head - start + 1n);
      lines.push(
        `catch-up, one ${kind} Safe with ${n} executions over ${blocks} blocks: ${proxy.calls} RPC calls (${(proxy.calls / n).toFixed(2)} per execution: ${Object.entries(
          proxy.byMethod,
        )
          .map(([m, c]) => `${m} ${c}`)
          .join(', ')}), ${ms(elapsed)} (${((n / elapsed) * 1000).toFixed(0)} executions/s)`,
      );
    } finally {
      await db.close();
      await proxy.close();
      await devnet.stop();
    }
  }
  return lines;
}

/**
 * A plain Safe nobody followed, with `past` executions, asked about: time until its latest page (the
 * newest 20 items, as the web app's first page asks) is served, and until its whole past is.
 */
async function askedAboutWithPast(past: number): Promise<string[]> {
  const local = await startLocalGateway({ store: {} });
  try {
    const clients = devnetClients(1337, local.devnet.rpcUrl);
    const safe = await deploySafeWithoutFactory(clients, safe141.safe);
    for (let i = 0; i < past; i += 1) await executeByOwners(clients, safe, { to: recipient, value: 1n });
    await local.indexed();
    const started = performance.now();
    let latestPage = Number.NaN;
    for (;;) {
      const { body } = await local.request(
        'GET',
        `/v1/chains/1337/safes/${safe}/transactions/history?cursor=limit%3D20%26offset%3D0`,
      );
      const page = body as {
        count?: number;
        results?: { type: string; transaction?: { executionInfo?: { nonce?: number } } }[];
      };
      const txs = (page.results ?? []).filter((item) => item.type === 'TRANSACTION');
      if (
        Number.isNaN(latestPage) &&
        txs.length === 20 &&
        txs[0]?.transaction?.executionInfo?.nonce === past - 1
      )
        latestPage = performance.now() - started;
      if ((page.count ?? 0) >= past + 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const whole = performance.now() - started;
    return [
      `a plain Safe with ${past} past executions, asked about: its latest page after ${ms(latestPage)} (target ≤ 3 s), all ${past} after ${ms(whole)} (its past is read newest first)`,
    ];
  } finally {
    await local.stop();
  }
}
