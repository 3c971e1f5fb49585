import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { balancesSchema, chainPageSchema, safeInfoSchema } from '@countersign/gateway-api';
import { devAccounts, devnetClients, readManifest } from '@countersign/devnet';
import { parseEther, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnStart, type StartedProcess } from '../startProcess';

/** `DEVNET_SECOND_CHAIN=1 npm start`: two local chains behind one gateway, the team Safe on both. */
let started: StartedProcess;

beforeAll(async () => {
  started = await spawnStart({ env: { DEVNET_SECOND_CHAIN: '1' } });
}, 120_000);
afterAll(async () => {
  await started?.stop('SIGTERM');
});

async function getJson(path: string): Promise<unknown> {
  const response = await fetch(`${started.ready.gatewayUrl}${path}`);
  expect(response.status, path).toBe(200);
  return response.json();
}

async function chains() {
  return chainPageSchema.parse(await getJson('/v1/chains')).results;
}

async function nativeBalance(chainId: string, safe: string): Promise<bigint> {
  const balances = balancesSchema.parse(await getJson(`/v1/chains/${chainId}/safes/${safe}/balances/usd`));
  const native = balances.items.find((item) => item.tokenInfo.address === zeroAddress);
  return BigInt(native?.balance ?? '0');
}

describe('npm start with DEVNET_SECOND_CHAIN=1', () => {
  it('serves both chains from one gateway, each under its own short name, and allows both RPCs', async () => {
    const listed = await chains();
    expect(listed.map((chain) => [chain.chainId, chain.shortName, chain.chainName])).toEqual([
      ['1337', 'local', 'Countersign Devnet'],
      ['1338', 'local2', 'Countersign Devnet 2'],
    ]);
    const [first, second] = listed.map((chain) => new URL(chain.rpcUri.value).origin);
    expect(first).toBe(new URL(started.ready.rpcUrl!).origin);
    expect(second).not.toBe(first);
    expect(started.output()).toContain(`rpc (chain 1338): ${listed[1]!.rpcUri.value}`);
    const page = await fetch(started.ready.webUrl);
    const policy = page.headers.get('content-security-policy') ?? '';
    const connectSrc = policy.split(';').find((part) => part.trim().startsWith('connect-src')) ?? '';
    expect(connectSrc).toContain(first);
    expect(connectSrc).toContain(second);
  });

  it('has the team Safe at the same address on 1338, same owners and threshold, its own nonce', async () => {
    const team = readManifest(started.ready.manifestPath!).safes[0]!;
    const onFirst = safeInfoSchema.parse(await getJson(`/v1/chains/1337/safes/${team.address}`));
    const onSecond = safeInfoSchema.parse(await getJson(`/v1/chains/1338/safes/${team.address}`));
    expect(onSecond.address.value).toBe(team.address);
    expect(onSecond.chainId).toBe('1338');
    expect(onSecond.threshold).toBe(2);
    expect(onSecond.owners.map((owner) => owner.value)).toEqual(onFirst.owners.map((owner) => owner.value));
    expect(onSecond.owners.map((owner) => owner.value)).toEqual(team.owners);
    // One transaction (the threshold raise) on 1338, the whole demo history on 1337.
    expect(onSecond.nonce).toBe(1);
    expect(onFirst.nonce).toBeGreaterThan(onSecond.nonce);
    expect(started.output()).toContain(`${started.ready.webUrl}/local2:${team.address}/home`);
  });

  it("shows ETH sent to the Safe on 1338 in 1338's balances only", async () => {
    const team = readManifest(started.ready.manifestPath!).safes[0]!.address as `0x${string}`;
    const second = (await chains()).find((chain) => chain.chainId === '1338')!;
    const firstBefore = await nativeBalance('1337', team);
    const secondBefore = await nativeBalance('1338', team);
    expect(secondBefore).toBe(parseEther('5'));

    const amount = parseEther('0.4321');
    const clients = devnetClients(1338, second.rpcUri.value);
    const hash = await clients.wallet.sendTransaction({
      account: devAccounts()[9]!.account,
      to: team,
      value: amount,
      chain: clients.chain,
    });
    expect((await clients.public.waitForTransactionReceipt({ hash })).status).toBe('success');

    await expect
      .poll(() => nativeBalance('1338', team), { timeout: 10_000, interval: 200 })
      .toBe(secondBefore + amount);
    expect(await nativeBalance('1337', team)).toBe(firstBefore);
  });
});

describe('npm start with DEVNET_SECOND_CHAIN=1, again on the same state', () => {
  it('reuses the second chain from its own folder, its Safe kept', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'countersign-state-'));
    try {
      const env = { DEVNET_SECOND_CHAIN: '1' };
      const first = await spawnStart({ stateDir, env });
      const team = readManifest(first.ready.manifestPath!).safes[0]!.address;
      expect(await first.stop('SIGTERM')).toBe(0);
      const second = await spawnStart({ stateDir, env });
      try {
        expect(second.output()).toContain('devnet reused');
        const secondChain = readManifest(join(stateDir, 'chain-1338', 'manifest.json'));
        expect(secondChain.chainId).toBe(1338);
        expect(secondChain.safes.map((safe) => safe.address)).toEqual([team]);
        const response = await fetch(`${second.ready.gatewayUrl}/v1/chains/1338/safes/${team}`);
        expect(safeInfoSchema.parse(await response.json()).nonce).toBe(1);
      } finally {
        expect(await second.stop('SIGTERM')).toBe(0);
      }
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
