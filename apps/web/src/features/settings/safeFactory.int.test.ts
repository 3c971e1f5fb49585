import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address, type Hex } from 'viem';
import { createGatewayClient, type GatewayClient } from '@countersign/gateway-api';
import { startDevnet, type Devnet } from '@countersign/devnet';
import { devnetChainConfig, startGateway, type Gateway } from '@countersign/gateway';
import { canonicalProxyFactoryName, safe141 } from '@countersign/safe-core';
import { chainReader } from '../../lib/chainReader';
import { safePaths } from '../safe';
import { safeHealth, type HealthFacts } from './health';
import { checkSafeFactory } from './safeFactory';

/**
 * The factory check against the real thing: the devnet's demo team Safe, created through the
 * canonical SafeProxyFactory 1.4.1, and a gateway indexing the devnet. The gateway only names the
 * creation transaction; the factory is read from that transaction's receipt on the chain.
 */
let devnet: Devnet;
let gateway: Gateway;
let client: GatewayClient;
let chainId: string;
let team: Address;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  chainId = String(devnet.manifest.chainId);
  team = getAddress(devnet.manifest.safes[0]!.address);
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

const check = (safe: Address) =>
  checkSafeFactory({ gateway: client, client: chainReader(devnet.rpcUrl) }, { chainId, safe });

describe('checkSafeFactory on the devnet', () => {
  it('finds the demo team Safe created by the canonical factory, from the chain', async () => {
    // The gateway knows the creation once its indexer has caught up with the demo's blocks.
    await expect
      .poll(async () => (await check(team)).status, { timeout: 30_000, interval: 200 })
      .toBe('checked');
    const result = await check(team);
    if (result.status !== 'checked') throw new Error(result.reason);
    expect(result.factory).toBe(getAddress(safe141.safeProxyFactory));
    expect(result.gatewayFactory).toBe(getAddress(safe141.safeProxyFactory));
    const receipt = await chainReader(devnet.rpcUrl).request({
      method: 'eth_getTransactionReceipt',
      params: [result.transactionHash as Hex],
    });
    expect(receipt?.status).toBe('0x1');

    const facts: HealthFacts = {
      source: 'chain',
      owners: devnet.manifest.safes[0]!.owners,
      threshold: 2,
      nonce: 0,
      version: '1.4.1',
      recommendedVersion: null,
      gatewayVersionState: 'UP_TO_DATE',
      implementation: { address: safe141.safeL2, gatewayName: null },
      fallbackHandler: null,
      modules: [],
      guard: null,
      moduleGuard: null,
      factory: result,
    };
    const finding = safeHealth(facts, safePaths('local', team)).find((found) => found.id === 'factory');
    expect(finding).toMatchObject({ tone: 'ok', title: 'The Safe was created by SafeProxyFactory 1.4.1' });
  });

  it('finds the legacy 1.3.0 Safe created by the canonical 1.3.0 factory (its event indexes nothing)', async () => {
    const legacy = devnet.manifest.safes.find((safe) => safe.name.startsWith('Legacy Safe'))!;
    await expect
      .poll(async () => (await check(getAddress(legacy.address))).status, { timeout: 30_000, interval: 200 })
      .toBe('checked');
    const result = await check(getAddress(legacy.address));
    if (result.status !== 'checked') throw new Error(result.reason);
    expect(result.factory).toBe(getAddress('0xa6B71E26C5e0845f74c812102Ca7114b6a896AB2'));
    expect(canonicalProxyFactoryName(result.factory)).toBe('GnosisSafeProxyFactory 1.3.0');
  });

  it('says the factory was not checked for an address whose creation the gateway does not know', async () => {
    expect(await check(getAddress('0x00000000000000000000000000000000000f00d1'))).toEqual({
      status: 'unchecked',
      reason: 'The gateway does not know the transaction that created this Safe.',
    });
  });
});
