import Safe from '@safe-global/protocol-kit';
import { startDevnet, type Devnet } from '@countersign/devnet';
import { createGatewayClient } from '@countersign/gateway-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig, startGateway, type Gateway } from '../src';

/** protocol-kit, Safe's own SDK, is an independent oracle for what the gateway reads from the chain. */
let devnet: Devnet;
let gateway: Gateway;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  gateway = await startGateway({
    port: 0,
    chains: [devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' })],
    corsOrigins: [],
  });
});
afterAll(async () => {
  await gateway?.close();
  await devnet?.stop();
});

describe('protocol-kit agrees with the gateway', () => {
  it.each([0, 1])('on demo Safe #%i: owners, threshold, nonce, version', async (index) => {
    const demo = devnet.manifest.safes[index]!;
    const kit = await Safe.init({ provider: devnet.rpcUrl, safeAddress: demo.address });
    const info = await createGatewayClient({ baseUrl: gateway.url }).getSafeInfo('1337', demo.address);
    expect(info.owners.map((o) => o.value)).toEqual(await kit.getOwners());
    expect(info.threshold).toBe(await kit.getThreshold());
    expect(info.nonce).toBe(await kit.getNonce());
    expect(info.version).toBe(kit.getContractVersion());
    expect(info.modules?.map((m) => m.value) ?? []).toEqual(await kit.getModules());
  });
});
