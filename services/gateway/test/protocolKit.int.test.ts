import Safe from '@safe-global/protocol-kit';
import { createGatewayClient } from '@countersign/gateway-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/** protocol-kit, Safe's own SDK, is an independent oracle for what the gateway reads from the chain. */
let local: LocalGateway;

beforeAll(async () => {
  local = await startLocalGateway();
});
afterAll(() => local?.stop());

describe('protocol-kit agrees with the gateway', () => {
  it.each([0, 1])('on demo Safe #%i: owners, threshold, nonce, version', async (index) => {
    const { devnet, gateway } = local;
    const demo = devnet.manifest.safes[index]!;
    const kit = await Safe.init({ provider: devnet.rpcUrl, safeAddress: demo.address });
    const info = await createGatewayClient({ baseUrl: gateway.url }).getSafeInfo({
      chainId: '1337',
      safeAddress: demo.address,
    });
    expect(info.owners.map((o) => o.value)).toEqual(await kit.getOwners());
    expect(info.threshold).toBe(await kit.getThreshold());
    expect(info.nonce).toBe(await kit.getNonce());
    expect(info.version).toBe(kit.getContractVersion());
    expect(info.modules?.map((m) => m.value) ?? []).toEqual(await kit.getModules());
  });
});
