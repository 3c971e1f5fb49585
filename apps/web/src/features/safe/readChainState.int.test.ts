import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import {
  artifactOf,
  compileSolidity,
  deployArtifact,
  devAccounts,
  devnetClients,
  startDevnet,
  type Devnet,
} from '@countersign/devnet';
import { devnetChain } from '../../testing';
import { readChainSafeState } from './readChainState';

// The gateway's tests keep the contract that answers like a Safe whose module list never ends.
const source = readFileSync(
  join(import.meta.dirname, '../../../../../services/gateway/test/contracts/EndlessModules.sol'),
  'utf8',
);

/**
 * Issue 33: the web app read only the first 50 modules, so a 51st was missing from the health report
 * without a word. It now follows the list, up to 500, and says when it stopped.
 */
describe('the Safe as the chain has it: its modules', () => {
  let devnet: Devnet;
  const chain = () => ({ ...devnetChain, rpcUri: { ...devnetChain.rpcUri, value: devnet.rpcUrl } });

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 });
  });
  afterAll(() => devnet?.stop());

  it('follows a module list past its first page, and says where it stopped', async () => {
    const deployer = devAccounts()[0]!.account.address;
    const artifact = artifactOf(
      compileSolidity({ 'EndlessModules.sol': source }),
      'EndlessModules.sol',
      'EndlessModules',
    );
    const clients = devnetClients(1337, devnet.rpcUrl);
    const singleton = devnet.manifest.contracts.safe as Address;
    const endless = await deployArtifact(clients, deployer, artifact, [deployer, singleton, false]);
    const looping = await deployArtifact(clients, deployer, artifact, [deployer, singleton, true]);

    const many = await readChainSafeState(chain(), endless);
    expect(many.modules).toHaveLength(500);
    expect(many.modulesCut).toBe(true);
    const round = await readChainSafeState(chain(), looping);
    expect(round.modules).toHaveLength(100);
    expect(round.modulesCut).toBe(true);

    const team = await readChainSafeState(chain(), devnet.manifest.safes[0]!.address as Address);
    expect(team.modules.length).toBeGreaterThan(0);
    expect(team.modulesCut).toBeUndefined();
  });
});
