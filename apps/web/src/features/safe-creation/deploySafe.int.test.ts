import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEventLog, getAddress, type Address, type Hex } from 'viem';
import { createGatewayClient, type GatewayClient } from '@countersign/gateway-api';
import {
  devAccounts,
  devnetClients,
  startDevnet,
  type Devnet,
  type DevnetClients,
} from '@countersign/devnet';
import { devnetChainConfig, startGateway, type Gateway } from '@countersign/gateway';
import {
  SAFE_PROXY_CREATION_CODE_141,
  SAFE_PROXY_CREATION_CODE_150,
  safe141,
  safe150,
  safeAbi,
  safeProxyFactoryAbi,
} from '@countersign/safe-core';
import type { WalletApi } from '../wallet';
import { planSafeDeployment, type SafeDeploymentPlan } from './deployment';
import { chainReader } from '../../lib/chainReader';
import { ok } from '../../lib/result';
import { checkDeploymentTarget } from './deploymentTarget';
import { deploySafe, deployTexts, waitForSafeInfo, type DeployProgress } from './deploySafe';

/**
 * Safe creation against the real thing: a fresh devnet (anvil with the canonical Safe 1.4.1
 * contracts) and a gateway indexing it. What the form predicts is compared with what the factory
 * deploys, and the whole creation (send, follow, wait for the gateway) runs end to end.
 */

let devnet: Devnet;
let gateway: Gateway;
let clients: DevnetClients;
let client: GatewayClient;
let chainId: string;
const accounts = devAccounts();
const ownerA = accounts[1]!.account.address;
const ownerB = accounts[2]!.account.address;
const ownerC = accounts[3]!.account.address;
/** An account the demo leaves alone, so the Safes it creates are the only ones it owns. */
const creator = accounts[9]!.account.address;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  chainId = String(devnet.manifest.chainId);
  clients = devnetClients(devnet.manifest.chainId, devnet.rpcUrl);
  gateway = await startGateway({
    port: 0,
    chains: [devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' })],
    corsOrigins: [],
  });
  client = createGatewayClient({ baseUrl: gateway.url });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await devnet?.stop();
});

/**
 * The wallet API over the devnet's own accounts (anvil signs for them): what a browser wallet does
 * for the page, without a browser. `gas` set skips the node's estimate, so a failing call is mined
 * (and reverts) instead of being refused before it is sent.
 */
function devnetWallet(options: { from?: Address; gas?: bigint } = {}) {
  const recent: { hash: Hex; description: string; chainId?: number }[] = [];
  const from = options.from ?? creator;
  const wallet: Pick<WalletApi, 'sendTransaction' | 'waitForReceipt' | 'addRecentTransaction'> = {
    async sendTransaction({ to, data, value, chainId: target }) {
      const hash = await clients.wallet.sendTransaction({
        account: from,
        chain: clients.chain,
        to,
        data,
        value,
        gas: options.gas,
      });
      return ok({ hash, address: from, chainId: target });
    },
    async waitForReceipt({ hash }) {
      const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      return ok({
        status: receipt.status,
        blockNumber: receipt.blockNumber,
        gasUsed: receipt.gasUsed,
        transactionHash: receipt.transactionHash,
      });
    },
    async addRecentTransaction(transaction) {
      recent.push(transaction);
      return ok(undefined);
    },
  };
  return { wallet, recent };
}

/** Sends the plan's own transaction and returns the proxy its ProxyCreation event names. */
async function deployThroughFactory(plan: SafeDeploymentPlan): Promise<Address> {
  const hash = await clients.wallet.sendTransaction({
    account: creator,
    chain: clients.chain,
    to: plan.factory,
    data: plan.data,
  });
  const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  expect(receipt.status).toBe('success');
  for (const log of receipt.logs) {
    if (getAddress(log.address) !== plan.factory) continue;
    const event = decodeEventLog({ abi: safeProxyFactoryAbi, ...log });
    if (event.eventName === 'ProxyCreation') return event.args.proxy;
  }
  throw new Error('No ProxyCreation event');
}

let nextSalt = 1_000n;
const salt = () => (nextSalt += 1n);

describe('the predicted address', () => {
  it("uses the factory's own proxy creation code", async () => {
    const code = await clients.public.readContract({
      address: safe141.safeProxyFactory,
      abi: safeProxyFactoryAbi,
      functionName: 'proxyCreationCode',
    });
    expect(SAFE_PROXY_CREATION_CODE_141).toBe(code);
    const code150 = await clients.public.readContract({
      address: safe150.safeProxyFactory,
      abi: safeProxyFactoryAbi,
      functionName: 'proxyCreationCode',
    });
    expect(SAFE_PROXY_CREATION_CODE_150).toBe(code150);
  });

  it('is where the 1.5.0 factory deploys a 1.5.0 Safe, which runs SafeL2 1.5.0', async () => {
    const plan = planSafeDeployment({
      chainId,
      owners: [ownerA, ownerB],
      threshold: 2,
      saltNonce: salt(),
      version: '1.5.0',
    });
    expect(plan.factory).toBe(safe150.safeProxyFactory);
    expect(await deployThroughFactory(plan)).toBe(plan.predictedAddress);
    const read = (functionName: 'VERSION' | 'getThreshold') =>
      clients.public.readContract({ address: plan.predictedAddress, abi: safeAbi, functionName });
    expect(await read('VERSION')).toBe('1.5.0');
    expect(await read('getThreshold')).toBe(2n);
    const slot0 = await clients.public.getStorageAt({ address: plan.predictedAddress, slot: '0x0' });
    expect(slot0?.toLowerCase()).toBe(`0x000000000000000000000000${safe150.safeL2.slice(2).toLowerCase()}`);
  });

  it.each([
    { label: '1 of 1', owners: [ownerA], threshold: 1, saltNonce: 0n },
    { label: '2 of 2', owners: [ownerA, ownerB], threshold: 2, saltNonce: 123_456_789n },
    {
      label: '2 of 3, largest salt',
      owners: [ownerC, ownerA, ownerB],
      threshold: 2,
      saltNonce: 2n ** 256n - 1n,
    },
  ])('is where the factory deploys the Safe ($label), set up as planned', async (setup) => {
    const plan = planSafeDeployment({ chainId, ...setup });
    const reader = chainReader(devnet.rpcUrl);
    expect(await checkDeploymentTarget(reader, plan)).toBe('free');

    expect(await deployThroughFactory(plan)).toBe(plan.predictedAddress);

    const safe = { address: plan.predictedAddress, abi: safeAbi } as const;
    expect(await clients.public.readContract({ ...safe, functionName: 'getOwners' })).toEqual(setup.owners);
    expect(await clients.public.readContract({ ...safe, functionName: 'getThreshold' })).toBe(
      BigInt(setup.threshold),
    );
    const slot0 = await clients.public.getStorageAt({ address: plan.predictedAddress, slot: '0x0' });
    expect(getAddress(`0x${slot0!.slice(-40)}`)).toBe(safe141.safeL2);
    // Once there, the form says so instead of sending a deployment that would fail.
    expect(await checkDeploymentTarget(reader, plan)).toBe('deployed');
  });

  it('says when the Safe contracts are missing from the chain', async () => {
    const plan = planSafeDeployment({ chainId, owners: [ownerA], threshold: 1, saltNonce: salt() });
    const reader = chainReader(devnet.rpcUrl);
    expect(await checkDeploymentTarget(reader, { ...plan, factory: ownerB })).toBe('no-contracts');
    expect(await checkDeploymentTarget(reader, { ...plan, singleton: ownerB })).toBe('no-contracts');
  });
});

describe('creating a Safe', () => {
  it('sends, lists and follows the deployment, then waits for the gateway to serve the Safe', async () => {
    const plan = planSafeDeployment({ chainId, owners: [ownerA, ownerB], threshold: 2, saltNonce: salt() });
    const { wallet, recent } = devnetWallet();
    const events: string[] = [];
    const result = await deploySafe(plan, {
      wallet,
      getSafeInfo: client.getSafeInfo,
      description: 'Create Safe “Team”',
      onProgress: (progress: DeployProgress) => events.push(progress.stage),
      onDeployed: () => events.push('deployed'),
      pollMs: 100,
    });

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(events).toEqual(['confirming', 'mining', 'deployed', 'serving']);
    expect(recent).toEqual([
      { hash: result.hash, description: 'Create Safe “Team”', chainId: Number(chainId) },
    ]);
    expect(result.safe.address.value).toBe(plan.predictedAddress);
    expect(result.safe.owners.map((owner) => owner.value)).toEqual([ownerA, ownerB]);
    expect(result.safe.threshold).toBe(2);
    expect(result.safe.nonce).toBe(0);
    expect(result.safe.implementation.value).toBe(safe141.safeL2);
    expect(result.safe.fallbackHandler?.value).toBe(safe141.compatibilityFallbackHandler);

    // The indexer follows the factory's ProxyCreation events: the owners' Safes list it too.
    await expect
      .poll(async () => (await client.getOwnedSafes({ chainId, ownerAddress: ownerB })).safes, {
        timeout: 20_000,
        interval: 200,
      })
      .toContain(plan.predictedAddress);
  });

  it('reports a deployment that reverts (the address is taken) and never calls it deployed', async () => {
    const plan = planSafeDeployment({ chainId, owners: [ownerC], threshold: 1, saltNonce: salt() });
    await deployThroughFactory(plan);
    const { wallet } = devnetWallet({ gas: 1_000_000n });
    const events: string[] = [];
    const result = await deploySafe(plan, {
      wallet,
      getSafeInfo: client.getSafeInfo,
      description: 'Create Safe',
      onProgress: (progress) => events.push(progress.stage),
      onDeployed: () => events.push('deployed'),
    });
    expect(result).toEqual({
      ok: false,
      stage: 'reverted',
      hash: expect.any(String),
      message: deployTexts.reverted,
    });
    expect(events).toEqual(['confirming', 'mining']);
  });

  it('keeps to the wallet: a declined request sends nothing and is reported as such', async () => {
    const plan = planSafeDeployment({ chainId, owners: [ownerA], threshold: 1, saltNonce: salt() });
    const { wallet: base } = devnetWallet();
    const declined = {
      kind: 'rejected',
      message: 'You declined the transaction in your wallet.',
      code: 4001,
    } as const;
    const wallet = { ...base, sendTransaction: async () => ({ ok: false, error: declined }) as const };
    const result = await deploySafe(plan, { wallet, getSafeInfo: client.getSafeInfo, description: 'x' });
    expect(result).toEqual({ ok: false, stage: 'send', error: declined });
    expect(await checkDeploymentTarget(chainReader(devnet.rpcUrl), plan)).toBe('free');
  });
});

describe('waiting for the gateway', () => {
  it('gives up after its time limit when no Safe is there, and at once when stopped', async () => {
    const started = Date.now();
    expect(await waitForSafeInfo(client.getSafeInfo, chainId, ownerA, { pollMs: 100, timeoutMs: 600 })).toBe(
      undefined,
    );
    expect(Date.now() - started).toBeLessThan(3_000);

    const controller = new AbortController();
    const waiting = waitForSafeInfo(client.getSafeInfo, chainId, ownerA, {
      pollMs: 10_000,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const stoppedAt = Date.now();
    expect(await waiting).toBe(undefined);
    expect(Date.now() - stoppedAt).toBeLessThan(2_000);
  });
});
