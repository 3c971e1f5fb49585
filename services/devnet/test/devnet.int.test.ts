import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { erc20Abi, erc721Abi, formatEther, formatUnits, keccak256, numberToHex, pad, parseAbi } from 'viem';
import {
  fallbackHandlerStorageSlot,
  multicall3Address,
  safe130,
  safe130DeploymentNames,
  safe141,
  safe141DeploymentNames,
  safe150,
  safe150DeploymentNames,
  safeAbi,
  safeMigration141Address,
  safeMigrationAbi,
  type Safe130ContractName,
  type Safe141ContractName,
  type Safe150ContractName,
} from '@countersign/safe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeSafe,
  devnetClients,
  readSafeSummaries,
  safesOwnedBy,
  startDevnet,
  type Devnet,
} from '../src';
import {
  canonicalDeployment,
  canonicalDeployment130,
  canonicalDeployment150,
  canonicalSafeMigration,
} from '../src/deploy';

let devnet: Devnet;
let clients: ReturnType<typeof devnetClients>;

const migrationTargetsAbi = parseAbi([
  'function SAFE_SINGLETON() view returns (address)',
  'function SAFE_L2_SINGLETON() view returns (address)',
  'function SAFE_FALLBACK_HANDLER() view returns (address)',
]);

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  clients = devnetClients(1337, devnet.rpcUrl);
});
afterAll(() => devnet?.stop());

describe('contracts', () => {
  it('runs on chain id 1337', async () => {
    expect(await clients.public.getChainId()).toBe(1337);
  });

  it.each(Object.keys(safe141DeploymentNames))(
    'has %s at its canonical address with the canonical code hash',
    async (name) => {
      const canonical = canonicalDeployment(name as Safe141ContractName);
      expect(canonical.address).toBe(safe141[name as Safe141ContractName]);
      const code = await clients.public.getCode({ address: canonical.address });
      expect(code && keccak256(code)).toBe(canonical.codeHash);
    },
  );

  it.each(Object.keys(safe130DeploymentNames))(
    'has Safe 1.3.0 %s at its canonical address with the canonical code hash',
    async (name) => {
      const canonical = canonicalDeployment130(name as Safe130ContractName);
      expect(canonical.address).toBe(safe130[name as Safe130ContractName]);
      const code = await clients.public.getCode({ address: canonical.address });
      expect(code && keccak256(code)).toBe(canonical.codeHash);
    },
  );

  it.each(Object.keys(safe150DeploymentNames))(
    'has Safe 1.5.0 %s at its canonical address with the canonical code hash',
    async (name) => {
      const canonical = canonicalDeployment150(name as Safe150ContractName);
      expect(canonical.address).toBe(safe150[name as Safe150ContractName]);
      const code = await clients.public.getCode({ address: canonical.address });
      expect(code && keccak256(code)).toBe(canonical.codeHash);
    },
  );

  it('has SafeMigration 1.5.0 migrating to the 1.5.0 contracts', async () => {
    const read = (functionName: 'SAFE_SINGLETON' | 'SAFE_L2_SINGLETON' | 'SAFE_FALLBACK_HANDLER') =>
      clients.public.readContract({ address: safe150.safeMigration, abi: migrationTargetsAbi, functionName });
    expect(await read('SAFE_SINGLETON')).toBe(safe150.safe);
    expect(await read('SAFE_L2_SINGLETON')).toBe(safe150.safeL2);
    expect(await read('SAFE_FALLBACK_HANDLER')).toBe(safe150.compatibilityFallbackHandler);
  });

  it('has SafeMigration 1.4.1 at its canonical address, migrating to the 1.4.1 contracts', async () => {
    const canonical = canonicalSafeMigration();
    expect(canonical.address).toBe(safeMigration141Address);
    const code = await clients.public.getCode({ address: canonical.address });
    expect(code && keccak256(code)).toBe(canonical.codeHash);
    const read = (functionName: 'SAFE_SINGLETON' | 'SAFE_L2_SINGLETON' | 'SAFE_FALLBACK_HANDLER') =>
      clients.public.readContract({
        address: safeMigration141Address,
        abi: migrationTargetsAbi,
        functionName,
      });
    expect(await read('SAFE_SINGLETON')).toBe(safe141.safe);
    expect(await read('SAFE_L2_SINGLETON')).toBe(safe141.safeL2);
    expect(await read('SAFE_FALLBACK_HANDLER')).toBe(safe141.compatibilityFallbackHandler);
    // Called directly rather than delegatecalled, it refuses.
    await expect(
      clients.public.simulateContract({
        address: safeMigration141Address,
        abi: safeMigrationAbi,
        functionName: 'migrateL2WithFallbackHandler',
      }),
    ).rejects.toThrow(/Migration should only be called via delegatecall/);
  });

  it('batches reads through Multicall3 at its canonical address', async () => {
    expect(await clients.public.getCode({ address: multicall3Address })).toMatch(/^0x[0-9a-f]{100,}$/);
    const [dev, dusd] = devnet.manifest.tokens;
    const decimals = await clients.public.multicall({
      allowFailure: false,
      contracts: [
        { address: dev!.address as `0x${string}`, abi: erc20Abi, functionName: 'decimals' },
        { address: dusd!.address as `0x${string}`, abi: erc20Abi, functionName: 'decimals' },
      ],
    });
    expect(decimals).toEqual([18, 6]);
  });

  it('serves collectible metadata as JSON with an image from tokenURI', async () => {
    const nft = devnet.manifest.tokens.find((t) => t.type === 'ERC721')!;
    const uri = await clients.public.readContract({
      address: nft.address as `0x${string}`,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [1n],
    });
    expect(uri.startsWith('data:application/json;base64,')).toBe(true);
    const metadata = JSON.parse(Buffer.from(uri.split(',')[1]!, 'base64').toString('utf8')) as Record<
      string,
      string
    >;
    expect(metadata.name).toBe('Countersign Collectibles #1');
    expect(metadata.image).toMatch(/^data:image\/svg\+xml;base64,/);
  });
});

describe('demo scenario', () => {
  const team = () => devnet.manifest.safes[0]!.address as `0x${string}`;
  const solo = () => devnet.manifest.safes[1]!.address as `0x${string}`;
  const logs = async (eventName: string) =>
    clients.public.getContractEvents({ address: team(), abi: safeAbi, eventName, fromBlock: 0n } as never);

  it('is deterministic: the same Safe addresses from the same mnemonic', () => {
    expect(devnet.manifest.safes.map((s) => s.address)).toEqual([
      '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590',
      '0x5cE21AB6a5D80b3F543752A54beee9eA80fEC7d4',
      '0xf47e8221FDE7eD79027cD97c2c9cAcBd69677e85',
    ]);
  });

  it('has a 2-of-3 Safe 1.3.0 on SafeL2 1.3.0 with the 1.3.0 fallback handler, after one payment', async () => {
    const legacy = devnet.manifest.safes[2]!;
    expect(legacy.name).toBe('Legacy Safe');
    // What npm start prints of it and of its owners, read from the chain.
    const summaries = await readSafeSummaries(devnet.rpcUrl, devnet.manifest.safes);
    expect(describeSafe(legacy.name, summaries[2])).toBe('Legacy Safe (1.3.0, 2 of 3)');
    expect(describeSafe('Demo team Safe', summaries[0])).toBe('Demo team Safe (1.4.1, 2 of 3)');
    const role = (index: number) => devnet.manifest.accounts[index]!;
    expect([3, 5, 9].map((index) => role(index).role)).toEqual(['owner C', 'owner D', 'owner E']);
    expect(safesOwnedBy(role(3).address, devnet.manifest.safes, summaries)).toEqual([
      'Demo team Safe',
      'Legacy Safe',
    ]);
    expect(safesOwnedBy(role(9).address, devnet.manifest.safes, summaries)).toEqual(['Legacy Safe']);
    expect(safesOwnedBy(role(8).address, devnet.manifest.safes, summaries)).toEqual([]);
    const address = legacy.address as `0x${string}`;
    const read = (functionName: 'getThreshold' | 'nonce' | 'VERSION' | 'getOwners') =>
      clients.public.readContract({ address, abi: safeAbi, functionName });
    expect(await read('VERSION')).toBe('1.3.0');
    expect(await read('getThreshold')).toBe(2n);
    expect(await read('nonce')).toBe(1n);
    expect(await read('getOwners')).toEqual(legacy.owners);
    const slot = (at: `0x${string}`) => clients.public.getStorageAt({ address, slot: at });
    expect(await slot('0x0')).toBe(pad(safe130.safeL2.toLowerCase() as `0x${string}`, { size: 32 }));
    expect(await slot(numberToHex(fallbackHandlerStorageSlot, { size: 32 }))).toBe(
      pad(safe130.compatibilityFallbackHandler.toLowerCase() as `0x${string}`, { size: 32 }),
    );
    expect(formatEther(await clients.public.getBalance({ address }))).toBe('1.9');
  });

  it('leaves the team Safe as 2 of 3 with its module, after eight transactions', async () => {
    const read = (functionName: 'getThreshold' | 'nonce') =>
      clients.public.readContract({ address: team(), abi: safeAbi, functionName });
    expect(await read('getThreshold')).toBe(2n);
    expect(await read('nonce')).toBe(8n);
    expect(
      await clients.public.readContract({ address: team(), abi: safeAbi, functionName: 'getOwners' }),
    ).toEqual(devnet.manifest.safes[0]!.owners);
  });

  it('has the executed history: successes, one failure, owner added then removed, threshold change, module', async () => {
    expect(await logs('ExecutionSuccess')).toHaveLength(7);
    expect(await logs('ExecutionFailure')).toHaveLength(1);
    expect(await logs('ExecutionFromModuleSuccess')).toHaveLength(1);
    expect(await logs('AddedOwner')).toHaveLength(1);
    expect(await logs('RemovedOwner')).toHaveLength(1);
    // One explicit change to 2 (adding and removing the temporary owner keep it at 2).
    expect(await logs('ChangedThreshold')).toHaveLength(1);
    expect(await logs('EnabledModule')).toHaveLength(1);
  });

  it('received native, ERC20 and ERC721 transfers from a non-owner', async () => {
    const outsider = devnet.manifest.accounts[6]!.address;
    const received = (await logs('SafeReceived')) as unknown as { args: { sender: string } }[];
    expect(received.some((log) => log.args.sender === outsider)).toBe(true);
    const nft = devnet.manifest.tokens.find((t) => t.type === 'ERC721')!.address as `0x${string}`;
    expect(
      await clients.public.readContract({
        address: nft,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [5n],
      }),
    ).toBe(team());
  });

  it('holds the balances the scenario implies', async () => {
    const [dev, dusd] = devnet.manifest.tokens as { address: `0x${string}` }[];
    const balanceOf = (token: `0x${string}`, owner: `0x${string}`) =>
      clients.public.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      });
    expect(formatEther(await clients.public.getBalance({ address: team() }))).toBe('10.6');
    expect(formatUnits(await balanceOf(dev!.address, team()), 18)).toBe('4750');
    expect(formatUnits(await balanceOf(dusd!.address, team()), 6)).toBe('2558');
    expect(formatEther(await clients.public.getBalance({ address: solo() }))).toBe('10');
    const nft = devnet.manifest.tokens.find((t) => t.type === 'ERC721')!.address as `0x${string}`;
    expect(
      await clients.public.readContract({
        address: nft,
        abi: erc721Abi,
        functionName: 'balanceOf',
        args: [solo()],
      }),
    ).toBe(2n);
  });

  it('spreads the history over several days and ends with the chain clock at now', async () => {
    const executions = await logs('ExecutionSuccess');
    const first = await clients.public.getBlock({ blockNumber: executions[0]!.blockNumber! });
    const latest = await clients.public.getBlock({ blockTag: 'latest' });
    expect(Number(latest.timestamp - first.timestamp)).toBeGreaterThan(86_400);
    expect(Math.abs(Number(latest.timestamp) - Date.now() / 1000)).toBeLessThan(120);
  });
});

describe('persistence and process hygiene', () => {
  it('reuses the saved chain on restart instead of redeploying', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'countersign-devnet-'));
    try {
      const first = await startDevnet({ port: 0, stateDir });
      expect(first.reused).toBe(false);
      await first.stop();
      const second = await startDevnet({ port: 0, stateDir });
      try {
        expect(second.reused).toBe(true);
        expect(second.manifest.safes).toEqual(first.manifest.safes);
        const nonce = await devnetClients(1337, second.rpcUrl).public.readContract({
          address: second.manifest.safes[0]!.address as `0x${string}`,
          abi: safeAbi,
          functionName: 'nonce',
        });
        expect(nonce).toBe(8n);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });

  it('leaves no anvil behind when its parent is killed with SIGKILL', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures/anvilChild.ts')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const { pid, port } = await new Promise<{ pid: number; port: number }>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) =>
        resolve(JSON.parse(chunk.toString()) as { pid: number; port: number }),
      );
      child.once('exit', () => reject(new Error('the fixture exited early')));
    });
    expect(isAlive(pid)).toBe(true);
    child.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(isAlive(pid)).toBe(false);
    expect(await isListening(port)).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
