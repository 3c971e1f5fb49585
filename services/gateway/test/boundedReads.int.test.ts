import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactOf, compileSolidity, deployArtifact, devAccounts, devnetClients } from '@countersign/devnet';
import { safeInfoSchema } from '@countersign/gateway-api';
import { safe141 } from '@countersign/safe-core';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxModulePages } from '@countersign/safe-core';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

const deployer = devAccounts()[0]!.account;
const contracts = compileSolidity({
  'EndlessModules.sol': readFileSync(join(import.meta.dirname, 'contracts/EndlessModules.sol'), 'utf8'),
});
const endlessModules = artifactOf(contracts, 'EndlessModules.sol', 'EndlessModules');

/**
 * Issue 32: a contract that answers like a Safe but whose module list never ends (or goes round)
 * made one GET read it without end. The gateway reads a bounded number of pages and says it stopped.
 */
describe('a Safe look-alike whose module list never ends', () => {
  let local: LocalGateway;
  const fakes: Record<'endless' | 'looping', Address> = { endless: '0x', looping: '0x' };

  beforeAll(async () => {
    local = await startLocalGateway();
    const clients = devnetClients(1337, local.devnet.rpcUrl);
    for (const [name, loops] of [
      ['endless', false],
      ['looping', true],
    ] as const) {
      fakes[name] = await deployArtifact(clients, deployer.address, endlessModules, [
        deployer.address,
        safe141.safe,
        loops,
      ]);
    }
  });
  afterAll(() => local?.stop());

  it('answers its SafeInfo with the modules read up to the bound, and says the list was cut', async () => {
    const started = performance.now();
    const { status, body } = await local.request('GET', `/v1/chains/1337/safes/${fakes.endless}`);
    const elapsed = performance.now() - started;
    expect(status).toBe(200);
    const info = safeInfoSchema.parse(body);
    expect(info.modules).toHaveLength(maxModulePages * 50);
    expect(info.modulesTruncated).toBe(true);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('stops where a module list goes round, and says so', async () => {
    const { status, body } = await local.request('GET', `/v1/chains/1337/safes/${fakes.looping}`);
    expect(status).toBe(200);
    const info = safeInfoSchema.parse(body);
    expect(info.modules).toHaveLength(2 * 50);
    expect(info.modulesTruncated).toBe(true);
  });

  it('answers the nonces of either at once', async () => {
    for (const fake of Object.values(fakes)) {
      const { status, body } = await local.request('GET', `/v1/chains/1337/safes/${fake}/nonces`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ currentNonce: 0 });
    }
  });

  it('lists a real Safe’s modules in full, without the mark', async () => {
    const team = local.devnet.manifest.safes[0]!.address;
    const info = safeInfoSchema.parse((await local.request('GET', `/v1/chains/1337/safes/${team}`)).body);
    expect(info.modulesTruncated).toBeUndefined();
    expect(info.modules?.length).toBeGreaterThan(0);
  });
});
