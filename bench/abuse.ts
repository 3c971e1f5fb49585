import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactOf, compileSolidity, devAccounts, devnetClients, startDevnet } from '@countersign/devnet';
import { safe141 } from '@countersign/safe-core';
import type { Address, Hex } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { spawnGateway, stopGateway } from './scaleSafe';
import { ms, percentile, rssMb } from './stats';

const contractsDir = join(import.meta.dirname, '../services/gateway/test/contracts');
const ATTACK_MS = 15_000;
/** Requests each attacker keeps in flight. */
const IN_FLIGHT = 4;
const READS = 300;

/**
 * Issue 32's target: while several clients send the worst requests there are at full speed, what an
 * ordinary client's SafeInfo and history reads cost, against the same reads on an idle replica; the
 * replica's memory; and the longest /livez answer (how long anything held the event loop).
 */
export async function benchAbuse(): Promise<string[]> {
  const stateDir = mkdtempSync(join(tmpdir(), 'countersign-abuse-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-abuse-data-'));
  const devnet = await startDevnet({ port: 0, stateDir });
  let gateway: Awaited<ReturnType<typeof spawnGateway>> | undefined;
  try {
    const { wallet, endless } = await deployAttackContracts(devnet.rpcUrl);
    // The bench stands in front as the proxy: each client is who X-Forwarded-For names.
    gateway = await spawnGateway({
      DEVNET_MANIFEST: devnet.manifestPath,
      GATEWAY_DATA_DIR: dataDir,
      GATEWAY_TRUSTED_PROXIES: '127.0.0.1',
      // Every limit at its default, the read limit too: the attackers are clients of their own.
      GATEWAY_RATE_LIMIT_READS: '',
    });
    const base = gateway.url;
    const pid = gateway.child.pid!;
    const safe = devnet.manifest.safes[0]!.address as Address;
    const ordinary = { 'x-forwarded-for': '203.0.113.7' };
    const reads = [
      `${base}/v1/chains/1337/safes/${safe}`,
      `${base}/v1/chains/1337/safes/${safe}/transactions/history`,
    ];
    const time = async (url: string, headers: Record<string, string>) => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      return { ms: performance.now() - started, status: response.status };
    };
    const readRound = async () => {
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const { ms: took, status } = await time(reads[i % 2]!, ordinary);
        if (status !== 200) throw new Error(`an ordinary read answered ${status}`);
        times.push(took);
      }
      return times.sort((a, b) => a - b);
    };
    for (let i = 0; i < 50; i++) await time(reads[i % 2]!, ordinary);
    const idle = await readRound();
    const idleRss = rssMb(pid);

    let attacking = true;
    const statuses = new Map<string, Map<number, number>>();
    const count = (kind: string, status: number) => {
      const byStatus = statuses.get(kind) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      statuses.set(kind, byStatus);
    };
    // ABUSE_ONLY=<words> keeps the attacks whose name holds them, to see what each one costs.
    const only = process.env.ABUSE_ONLY;
    const attacks = worstRequests(base, safe, wallet, endless).filter(
      ({ kind }) => !only || kind.includes(only),
    );
    const attackers = attacks.flatMap(({ kind, send }, a) =>
      Array.from({ length: IN_FLIGHT }, async (_, n) => {
        // Each attacker from an IPv6 address of its own /64, a new one each time within it.
        let i = 0;
        while (attacking) {
          const from = `2001:db8:${a + 1}:${n}::${(i++ % 65_535).toString(16)}`;
          const status = await send(from).catch(() => 0);
          count(kind, status);
        }
      }),
    );
    let livezMax = 0;
    let peakRss = idleRss.rss;
    const watcher = (async () => {
      while (attacking) {
        livezMax = Math.max(livezMax, (await time(`${base}/livez`, {})).ms);
        peakRss = Math.max(peakRss, rssMb(pid).rss);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const attackStarted = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const underAttack = await readRound();
    const left = ATTACK_MS - (performance.now() - attackStarted);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    attacking = false;
    await Promise.all([...attackers, watcher]);
    const afterRss = rssMb(pid).rss;

    const p = (sorted: number[], q: number) => ms(percentile(sorted, q));
    return [
      `abuse: ordinary SafeInfo + history reads, idle: p50 ${p(idle, 50)}, p99 ${p(idle, 99)}; under attack: p50 ${p(underAttack, 50)}, p99 ${p(underAttack, 99)} (target p99 ≤ 2× idle: ${(percentile(underAttack, 99) / percentile(idle, 99)).toFixed(2)}×)`,
      `abuse: gateway memory idle ${idleRss.rss.toFixed(0)} MB, peak under attack ${peakRss.toFixed(0)} MB, after ${afterRss.toFixed(0)} MB; longest /livez answer under attack ${ms(livezMax)}`,
      ...[...statuses].map(
        ([kind, byStatus]) =>
          `abuse: ${kind} (${IN_FLIGHT} in flight, ${ATTACK_MS / 1000} s): ${[...byStatus]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${n}× ${status || 'failed'}`)
            .join(', ')}`,
      ),
    ];
  } finally {
    if (gateway) await stopGateway(gateway.child);
    await devnet.stop();
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function deployAttackContracts(rpcUrl: string) {
  const contracts = compileSolidity({
    'KeccakLoopWallet.sol': readFileSync(join(contractsDir, 'KeccakLoopWallet.sol'), 'utf8'),
    'EndlessModules.sol': readFileSync(join(contractsDir, 'EndlessModules.sol'), 'utf8'),
  });
  const clients = devnetClients(1337, rpcUrl);
  const deployer = devAccounts()[0]!.account;
  const deploy = async (file: string, name: string, args: unknown[]) => {
    const artifact = artifactOf(contracts, file, name);
    const hash = await clients.wallet.deployContract({
      account: deployer,
      chain: clients.chain,
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args,
    });
    return (await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 })).contractAddress!;
  };
  return {
    wallet: await deploy('KeccakLoopWallet.sol', 'KeccakLoopWallet', []),
    endless: await deploy('EndlessModules.sol', 'EndlessModules', [deployer.address, safe141.safe, false]),
  };
}

/** Typed data of `depth` struct types each holding the next: what froze a replica for 4 s. */
function chainedTypes(depth: number) {
  const types: Record<string, { name: string; type: string }[]> = {
    EIP712Domain: [{ name: 'chainId', type: 'uint256' }],
  };
  for (let i = 0; i < depth; i++)
    types[`T${i}`] = [{ name: 'n', type: i + 1 < depth ? `T${i + 1}` : 'uint256' }];
  let message: unknown = 1;
  for (let i = depth - 1; i >= 1; i--) message = { n: message };
  return { types, primaryType: 'T0', domain: { chainId: 1337 }, message };
}

/** The worst requests of issue 32, each sent as one client (`from`) would. */
function worstRequests(base: string, safe: Address, wallet: Address, endless: Address) {
  const json = (from: string) => ({ 'content-type': 'application/json', 'x-forwarded-for': from });
  const typed = JSON.stringify({ message: chainedTypes(1_500), signature: `0x${'11'.repeat(65)}` });
  const huge = JSON.stringify({ padding: 'x'.repeat(1_000_000) });
  return [
    {
      kind: 'Sign-In by a keccak-loop wallet',
      send: async (from: string) => {
        const nonceAnswer = await fetch(`${base}/v1/auth/nonce`, { headers: json(from) });
        if (!nonceAnswer.ok) return nonceAnswer.status;
        const { nonce } = (await nonceAnswer.json()) as { nonce: string };
        const message = createSiweMessage({
          address: wallet,
          chainId: 1337,
          domain: '127.0.0.1:5173',
          uri: 'http://127.0.0.1:5173',
          version: '1',
          nonce,
        });
        const answer = await fetch(`${base}/v1/auth/verify`, {
          method: 'POST',
          headers: json(from),
          body: JSON.stringify({ message, signature: `0x${'11'.repeat(65)}` as Hex }),
        });
        await answer.arrayBuffer();
        return answer.status;
      },
    },
    {
      kind: 'message of 1,500 chained types',
      send: async (from: string) => {
        const answer = await fetch(`${base}/v1/chains/1337/safes/${safe}/messages`, {
          method: 'POST',
          headers: json(from),
          body: typed,
        });
        await answer.arrayBuffer();
        return answer.status;
      },
    },
    {
      kind: 'nonces of a Safe look-alike with endless modules',
      send: async (from: string) => {
        const answer = await fetch(`${base}/v1/chains/1337/safes/${endless}/nonces`, { headers: json(from) });
        await answer.arrayBuffer();
        return answer.status;
      },
    },
    {
      kind: '1 MB body',
      // On a connection of its own: the gateway answers 413 and closes it while the body still flows,
      // which would break a pooled connection the other clients' requests go on.
      send: (from: string) =>
        postAlone(`${base}/v1/chains/1337/transactions/${safe}/propose`, json(from), huge),
    },
  ];
}

/** A POST on a fresh connection, closed after: its status, or 0 when the connection broke first. */
function postAlone(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve) => {
    const sent = request(url, { method: 'POST', headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', () => resolve(0));
    sent.end(body);
  });
}
