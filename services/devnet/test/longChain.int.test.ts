import { safe141, safeAbi } from '@countersign/safe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetClients, startDevnet, type Devnet } from '../src';

/** The long chain of the catch-up benchmark (bench/catchUp.ts), kept short here. */
describe('a devnet with empty blocks first', () => {
  const emptyBlocks = 1_200;
  let devnet: Devnet;
  let clients: ReturnType<typeof devnetClients>;
  beforeAll(async () => {
    devnet = await startDevnet({ port: 0, emptyBlocksFirst: emptyBlocks });
    clients = devnetClients(1337, devnet.rpcUrl);
  });
  afterAll(() => devnet?.stop());

  it('mines the empty blocks, then deploys and seeds the demo after them', async () => {
    const [first, last] = await Promise.all([
      clients.public.getBlock({ blockNumber: BigInt(emptyBlocks) }),
      clients.public.getBlock({ blockNumber: BigInt(emptyBlocks) + 1n }),
    ]);
    expect(first.transactions).toHaveLength(0);
    expect(last.transactions.length).toBeGreaterThan(0);
    expect(await clients.public.getCode({ address: safe141.safeL2 })).toMatch(/^0x[0-9a-f]{2,}/);
    const team = devnet.manifest.safes[0]!.address as `0x${string}`;
    const owners = await clients.public.readContract({
      address: team,
      abi: safeAbi,
      functionName: 'getOwners',
    });
    expect(owners.length).toBeGreaterThan(1);
  });

  it('keeps the recent states only: a call at an early block is refused', async () => {
    const team = devnet.manifest.safes[0]!.address as `0x${string}`;
    const head = await clients.public.getBlockNumber({ cacheTime: 0 });
    await expect(
      clients.public.readContract({ address: team, abi: safeAbi, functionName: 'nonce', blockNumber: head }),
    ).resolves.toBeTypeOf('bigint');
    await expect(clients.public.getBalance({ address: team, blockNumber: 5n })).rejects.toThrow(
      /BlockOutOfRange/,
    );
  });
});
