import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  artifactOf,
  compileSolidity,
  deployArtifact,
  devAccounts,
  devnetClients,
  startDevnet,
  type Devnet,
} from '@countersign/devnet';
import { safeInfoSchema } from '@countersign/gateway-api';
import { numberToHex, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig, startGateway, type Gateway } from '../src';
import { defaultRequestLimits } from '../src/http/requestScope';
import { maxModulePages } from '@countersign/safe-core';
import { startCountingRpcProxy, type Call, type CountingRpcProxy } from './support/countingRpcProxy';
import { deploySafeWithoutFactory } from './support/safes';
import { siweMessage, siweNonce, verifySiwe } from './support/siwe';

const deployer = devAccounts()[0]!.account;
const source = (file: string) => readFileSync(join(import.meta.dirname, 'contracts', file), 'utf8');
const contracts = compileSolidity({
  'KeccakLoopWallet.sol': source('KeccakLoopWallet.sol'),
  'EndlessModules.sol': source('EndlessModules.sol'),
});
const keccakLoopWallet = artifactOf(contracts, 'KeccakLoopWallet.sol', 'KeccakLoopWallet');
const endlessModules = artifactOf(contracts, 'EndlessModules.sol', 'EndlessModules');

/**
 * Issue 32: what one request may make the gateway and its node do. The node sits behind a proxy
 * that records every call and can hold some back (a node that does not answer).
 */
describe('the bounds of one request', () => {
  let devnet: Devnet;
  let proxy: CountingRpcProxy;
  let gateway: Gateway;
  let wallet: Address;
  let team: Address;
  const deadlineMs = 3_000;
  const callTimeoutMs = 600;
  /** A Safe look-alike whose module list is read page after page, one call each. */
  const fakeSafe = () =>
    deployArtifact(devnetClients(1337, devnet.rpcUrl), deployer.address, endlessModules, [
      deployer.address,
      devnet.manifest.contracts.safe as Address,
      false,
    ]);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
    proxy = await startCountingRpcProxy(devnet.rpcUrl);
    const chain = devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' });
    gateway = await startGateway({
      port: 0,
      chains: [{ ...chain, rpcUrl: proxy.url }],
      corsOrigins: ['http://127.0.0.1:5173'],
      requestLimits: { deadlineMs, callTimeoutMs, callBudget: { limit: 4, windowMs: 3_600_000 } },
      maxConcurrentRequests: 2,
    });
    wallet = await deployArtifact(devnetClients(1337, devnet.rpcUrl), deployer.address, keccakLoopWallet);
    team = devnet.manifest.safes[0]!.address as Address;
  });
  afterAll(async () => {
    await gateway?.close();
    await proxy?.close();
    await devnet?.stop();
  });

  const isCallTo = (address: Address) => (call: Call) =>
    call.method === 'eth_call' &&
    (call.params?.[0] as { to?: string } | undefined)?.to?.toLowerCase() === address.toLowerCase();
  /** Any call that names the address: to it, or through Multicall3 or a storage read. */
  const touches = (address: Address) => (call: Call) =>
    JSON.stringify(call.params ?? [])
      .toLowerCase()
      .includes(address.slice(2).toLowerCase());

  it('runs a Sign-In by a wallet that hashes without end within the gas cap, and refuses it', async () => {
    proxy.reset();
    const message = siweMessage(wallet, await siweNonce(gateway.url));
    const { status } = await verifySiwe(gateway.url, message, `0x${'11'.repeat(65)}`);
    expect(status).toBe(401);
    const asked = proxy.sent('eth_call').filter(isCallTo(wallet));
    expect(asked.length).toBeGreaterThan(0);
    for (const call of asked)
      expect((call.params?.[0] as { gas?: string }).gas).toBe(numberToHex(defaultRequestLimits.callGasCap));
  });

  it('reads a look-alike’s module pages for its SafeInfo only: its nonces cost one call', async () => {
    const fake = await fakeSafe();
    proxy.reset();
    const nonces = await fetch(`${gateway.url}/v1/chains/1337/safes/${fake}/nonces`);
    expect(nonces.status).toBe(200);
    expect(proxy.sent('eth_call').filter(touches(fake))).toHaveLength(1);
    proxy.reset();
    const info = safeInfoSchema.parse(
      await (await fetch(`${gateway.url}/v1/chains/1337/safes/${fake}`)).json(),
    );
    expect(info.modulesTruncated).toBe(true);
    // The Safe's getters and the first page in one multicall, then a call for each further page.
    expect(proxy.sent('eth_call').filter(touches(fake))).toHaveLength(maxModulePages);
  });

  it('answers 503 when the node does not answer a call within the call time cap', async () => {
    const fresh = await deploySafeWithoutFactory(
      devnetClients(1337, devnet.rpcUrl),
      devnet.manifest.contracts.safe as Address,
    );
    const hold = proxy.hold(touches(fresh));
    try {
      const response = await fetch(`${gateway.url}/v1/chains/1337/safes/${fresh}`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        code: 503,
        message: expect.stringMatching(/^The chain’s node did not answer: .*within 600 ms/),
      });
    } finally {
      hold.release();
    }
    // Not remembered as "no Safe here": asked again, it is read in full.
    const again = await fetch(`${gateway.url}/v1/chains/1337/safes/${fresh}`);
    expect(again.status).toBe(200);
    expect(safeInfoSchema.parse(await again.json()).address.value).toBe(fresh);
  });

  /**
   * Asks for the SafeInfo of a fresh look-alike whose module pages each take 500 ms (within the call
   * cap; ten of them pass the deadline) as `ask` does, then checks that no call for it follows.
   */
  async function readSlowly(ask: (url: string) => Promise<void>) {
    const fake = await fakeSafe();
    proxy.delay('eth_call', 500);
    try {
      await ask(`${gateway.url}/v1/chains/1337/safes/${fake}`);
      proxy.reset();
      await pause(1_500);
      expect(proxy.sent('eth_call').filter(touches(fake))).toEqual([]);
    } finally {
      proxy.delay('eth_call', 0);
    }
  }

  it('answers 504 at the deadline, and its reads stop there', async () => {
    await readSlowly(async (url) => {
      const response = await fetch(url);
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({
        code: 504,
        message: `The request took longer than the gateway allows (${deadlineMs} ms)`,
      });
    });
  });

  it('stops a request’s reads once its client goes away', async () => {
    await readSlowly(async (url) => {
      const client = new AbortController();
      const answer = fetch(url, { signal: client.signal });
      await pause(1_200);
      client.abort();
      await expect(answer).rejects.toThrow();
    });
  });

  it('answers 503 with Retry-After past the requests a replica answers at once; health checks pass', async () => {
    const fresh = [
      await deploySafeWithoutFactory(
        devnetClients(1337, devnet.rpcUrl),
        devnet.manifest.contracts.safe as Address,
      ),
      await deploySafeWithoutFactory(
        devnetClients(1337, devnet.rpcUrl),
        devnet.manifest.contracts.safe as Address,
      ),
    ];
    const hold = proxy.hold((call) => fresh.some((safe) => touches(safe)(call)));
    try {
      const slow = fresh.map((safe) => fetch(`${gateway.url}/v1/chains/1337/safes/${safe}`));
      while (hold.held < 1) await new Promise((resolve) => setTimeout(resolve, 20));
      const busy = await fetch(`${gateway.url}/v1/chains/1337`);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(await busy.json()).toMatchObject({
        code: 503,
        message: 'The gateway is busy: try again in 1 s',
      });
      expect((await fetch(`${gateway.url}/livez`)).status).toBe(200);
      await Promise.all(slow);
    } finally {
      hold.release();
    }
    expect((await fetch(`${gateway.url}/v1/chains/1337`)).status).toBe(200);
  });

  it('counts calls into contracts a client names against its budget', async () => {
    const estimate = () =>
      fetch(`${gateway.url}/v2/chains/1337/safes/${team}/multisig-transactions/estimations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: team, value: '0', data: '0x', operation: 0 }),
      });
    const statuses: number[] = [];
    // The Sign-In above took one of the four: one check of the wallet, however many variants it asks.
    for (let i = 0; i < 3; i++) statuses.push((await estimate()).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await estimate();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 429,
      message: expect.stringMatching(/^Too many calls into contracts: try again in \d+ s$/),
    });
  });
});
