import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  artifactOf,
  compileSolidity,
  deployArtifact,
  devAccounts,
  devnetClients,
  startDevnet,
} from '@countersign/devnet';
import { safe141 } from '@countersign/safe-core';
import type { Address } from 'viem';
import { worstRequests, type AttackPlan, type AttackStatuses } from './abuseAttackers';
import { spawnGateway, stopGateway } from './scaleSafe';
import { ms, percentile, rssMb } from './stats';

const contractsDir = join(import.meta.dirname, '../services/gateway/test/contracts');
const ATTACK_MS = 15_000;
/** Requests each attacker keeps in flight. */
const IN_FLIGHT = 4;
const READS = 300;
/** Requests of each kind sent one after another to measure what one request holds. */
const ALONE = 20;

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
    await eventLoopHold(base);
    const idle = await readRound();
    const idleRss = rssMb(pid);
    const idleHold = await eventLoopHold(base);

    let attacking = true;
    // The attackers run in a process of their own: on this one's event loop, their work would be
    // counted as the gateway's slowness in the ordinary reads timed here.
    const attack = runAttackers({ base, safe, wallet, endless, inFlight: IN_FLIGHT, durationMs: ATTACK_MS });
    await attack.started;
    let livezMax = 0;
    let peakRss = idleRss.rss;
    const watcher = (async () => {
      while (attacking) {
        livezMax = Math.max(livezMax, (await time(`${base}/livez`, {})).ms);
        peakRss = Math.max(peakRss, rssMb(pid).rss);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const underAttack = await readRound();
    const statuses = await attack.done;
    attacking = false;
    await watcher;
    const attackHold = await eventLoopHold(base);

    // One request at a time, the replica otherwise idle: how long each kind holds the event loop.
    const holds: string[] = [];
    for (const { kind, send } of worstRequests(base, safe, wallet, endless)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await eventLoopHold(base);
      for (let i = 0; i < ALONE; i++) await send(`2001:db8:ffff:${i}::1`);
      holds.push(`${kind} ${ms((await eventLoopHold(base)).longest)}`);
    }
    const afterRss = rssMb(pid).rss;

    const p = (sorted: number[], q: number) => ms(percentile(sorted, q));
    return [
      `abuse: ordinary SafeInfo + history reads, idle: p50 ${p(idle, 50)}, p99 ${p(idle, 99)}; under attack: p50 ${p(underAttack, 50)}, p99 ${p(underAttack, 99)} (target p99 ≤ 2× idle: ${(percentile(underAttack, 99) / percentile(idle, 99)).toFixed(2)}×)`,
      `abuse: the gateway's event loop held at most ${ms(idleHold.longest)} idle (p99 ${ms(idleHold.p99)}), ${ms(attackHold.longest)} under attack (p99 ${ms(attackHold.p99)}: requests queued behind one another, not one request)`,
      `abuse: the longest hold over ${ALONE} requests of each kind sent alone: ${holds.join('; ')} (target ≤ 50 ms)`,
      `abuse: gateway memory idle ${idleRss.rss.toFixed(0)} MB, peak under attack ${peakRss.toFixed(0)} MB, after ${afterRss.toFixed(0)} MB; longest /livez answer under attack ${ms(livezMax)}`,
      ...Object.entries(statuses).map(
        ([kind, byStatus]) =>
          `abuse: ${kind} (${IN_FLIGHT} in flight, ${ATTACK_MS / 1000} s): ${Object.entries(byStatus)
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([status, n]) => `${n}× ${status === '0' ? 'failed' : status}`)
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
  const deploy = (file: string, name: string, args: unknown[]) =>
    deployArtifact(clients, deployer.address, artifactOf(contracts, file, name), args);
  return {
    wallet: await deploy('KeccakLoopWallet.sol', 'KeccakLoopWallet', []),
    endless: await deploy('EndlessModules.sol', 'EndlessModules', [deployer.address, safe141.safe, false]),
  };
}

/** How late the gateway's event loop ran since the last scrape of its /metrics, in ms: p99 and longest. */
async function eventLoopHold(base: string): Promise<{ p99: number; longest: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (quantile: string) => {
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`nodejs_eventloop_delay_seconds{quantile="${quantile}"}`));
    return Number(line?.split(' ')[1]) * 1000;
  };
  return { p99: value('0.99'), longest: value('1') };
}

/** Starts the attackers' process (abuseAttackers.ts): when they start, and what each attack got back. */
function runAttackers(plan: AttackPlan): { started: Promise<void>; done: Promise<AttackStatuses> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'abuseAttackers.ts')], {
    env: { ...process.env, ABUSE_PLAN: JSON.stringify(plan) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('\n')) markStarted();
  });
  const done = new Promise<AttackStatuses>((resolve, reject) => {
    child.once('exit', (code) => {
      markStarted();
      if (code === 0) resolve(JSON.parse(output.slice(output.indexOf('\n') + 1)) as AttackStatuses);
      else reject(new Error(`the attackers exited (${code})`));
    });
  });
  return { started, done };
}
