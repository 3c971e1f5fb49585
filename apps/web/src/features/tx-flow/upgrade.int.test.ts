import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, numberToHex, parseEther, type Address, type Hex } from 'viem';
import { getBalance, getStorageAt, readContract } from 'viem/actions';
import {
  createSafe,
  deployExampleGuard,
  devAccounts,
  devnetClients,
  executeSafeTx,
  startDevnet,
  type Devnet,
} from '@countersign/devnet';
import {
  fallbackHandlerStorageSlot,
  safe130,
  safe141,
  safe150,
  safeAbi,
  safeChangeVerdicts,
  safeTxHashes,
  safeUpgradeOf,
  safeUpgradesOf,
  singletonStorageSlot,
  zeroAddress,
} from '@countersign/safe-core';
import { chainReader } from '../../lib/chainReader';
import { simulateStateChangesOnChain } from './chainReads';
import { devnetChain } from '../../testing';
import { chainSafeStateQueryOptions } from '../safe';
import { setModuleGuardAction, upgradeAction } from './forms/actions';
import { describeCall } from './verify/actionWords';
import { safeTxOfDraft } from './safeTxOfDraft';

/**
 * The upgrade form's transaction on the devnet's Legacy Safe (SafeL2 1.3.0, 2 of 3): what changes says
 * it is an upgrade to canonical contracts, and its owners execute it; the chain then runs 1.4.1 with
 * the same owners, threshold and funds.
 */
let devnet: Devnet;
let legacy: Address;
let owners: Address[];
/** The devnet as started, before the first test upgrades its legacy Safe. */
let started: Hex;

const client = () => chainReader(devnet.rpcUrl);
const addressAt = async (slot: bigint): Promise<Address> => {
  const word = await getStorageAt(client(), { address: legacy, slot: numberToHex(slot, { size: 32 }) });
  return getAddress(`0x${(word ?? '0x').slice(-40)}`);
};
const read = <const Name extends 'getOwners' | 'getThreshold' | 'nonce' | 'VERSION'>(functionName: Name) =>
  readContract(client(), { address: legacy, abi: safeAbi, functionName });

/** The Safe as the chain has it: what the upgrade must change, and what it must leave alone. */
async function onChain() {
  const [singleton, fallbackHandler, version, safeOwners, threshold, nonce, balance] = await Promise.all([
    addressAt(singletonStorageSlot),
    addressAt(fallbackHandlerStorageSlot),
    read('VERSION'),
    read('getOwners'),
    read('getThreshold'),
    read('nonce'),
    getBalance(client(), { address: legacy }),
  ]);
  return { singleton, fallbackHandler, version, owners: safeOwners, threshold, nonce, balance };
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  const entry = devnet.manifest.safes.find((safe) => safe.name.startsWith('Legacy Safe'));
  if (!entry) throw new Error('The devnet has no legacy Safe');
  legacy = getAddress(entry.address);
  owners = entry.owners.map((owner) => getAddress(owner));
  started = (await client().request({ method: 'evm_snapshot' as never, params: [] as never })) as Hex;
});
afterAll(() => devnet?.stop());

describe('upgrading a Safe 1.3.0 through SafeMigration 1.4.1, then 1.5.0', () => {
  it('is reviewed as an upgrade, executed by two owners, and leaves a Safe 1.4.1, then 1.5.0, with everything else intact', async () => {
    const before = await onChain();
    expect(before).toMatchObject({
      singleton: safe130.safeL2,
      fallbackHandler: safe130.compatibilityFallbackHandler,
      version: '1.3.0',
      threshold: 2n,
    });

    // What the form builds from the chain's answer: 1.4.1 or 1.5.0 are offered; the owners take 1.4.1.
    expect(safeUpgradesOf(before).map((option) => option.version)).toEqual(['1.5.0', '1.4.1']);
    const upgrade = safeUpgradeOf(before, '1.4.1');
    expect(upgrade?.method).toBe('migrateL2WithFallbackHandler');
    const tx = safeTxOfDraft({ actions: [upgradeAction(upgrade!)] }, before.nonce, 0n);
    expect(tx).toMatchObject({
      to: '0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6',
      data: '0x68cb3d94',
      operation: 1,
    });

    // What the review shows: the two halves of an upgrade, each expected, nothing else.
    const { safeTxHash } = safeTxHashes({ chainId: 1337, safe: legacy, tx, version: before.version });
    const outcome = await simulateStateChangesOnChain(client(), {
      safe: legacy,
      tx,
      safeTxHash: safeTxHash as Hex,
      owners,
      threshold: 2,
    });
    if (outcome.status !== 'done') throw new Error(outcome.reason);
    expect(outcome.changes.reverted).toBeUndefined();
    expect(outcome.changes.balanceChanges).toEqual([]);
    expect(outcome.changes.safeChanges).toEqual([
      { kind: 'implementation', before: safe130.safeL2, after: safe141.safeL2 },
      {
        kind: 'fallbackHandler',
        before: safe130.compatibilityFallbackHandler,
        after: safe141.compatibilityFallbackHandler,
      },
    ]);
    expect(safeChangeVerdicts(outcome.changes.safeChanges)).toEqual([
      { tone: 'warn', expected: 'upgrade', name: 'SafeL2 1.4.1' },
      { tone: 'warn', expected: 'upgrade', name: 'CompatibilityFallbackHandler 1.4.1' },
    ]);

    // Two of its three owners sign; someone else executes.
    const accounts = devAccounts();
    const account = (address: Address) =>
      accounts.find((a) => getAddress(a.account.address) === address)!.account;
    const clients = devnetClients(1337, devnet.rpcUrl);
    const executed = await executeSafeTx(clients, {
      safe: legacy,
      executor: accounts[0]!.account.address,
      approvals: [
        { owner: account(owners[0]!), method: 'eip712' },
        { owner: account(owners[1]!), method: 'eip712' },
      ],
      tx: { to: tx.to, value: tx.value, data: tx.data, operation: tx.operation },
    });
    expect(executed.success).toBe(true);
    expect(executed.safeTxHash).toBe(safeTxHash);

    const after = await onChain();
    expect(after).toEqual({
      singleton: safe141.safeL2,
      fallbackHandler: safe141.compatibilityFallbackHandler,
      version: '1.4.1',
      owners: before.owners,
      threshold: before.threshold,
      nonce: before.nonce + 1n,
      balance: before.balance,
    });
    // Only 1.5.0 is left to upgrade to.
    expect(safeUpgradesOf(after).map((option) => option.version)).toEqual(['1.5.0']);

    // And it works as a Safe 1.4.1: a payment signed by the other two owners.
    const recipient = accounts[8]!.account.address;
    const paid = await executeSafeTx(clients, {
      safe: legacy,
      executor: accounts[0]!.account.address,
      approvals: [
        { owner: account(owners[1]!), method: 'eip712' },
        { owner: account(owners[2]!), method: 'eth_sign' },
      ],
      tx: { to: recipient, value: parseEther('0.25') },
    });
    expect(paid.success).toBe(true);
    expect(await getBalance(client(), { address: legacy })).toBe(before.balance - parseEther('0.25'));

    // Then on to 1.5.0 through SafeMigration 1.5.0, reviewed the same way.
    const at141 = await onChain();
    const to150 = safeUpgradeOf(at141, '1.5.0');
    expect(to150).toMatchObject({ method: 'migrateL2WithFallbackHandler', migration: safe150.safeMigration });
    const tx150 = safeTxOfDraft({ actions: [upgradeAction(to150!)] }, at141.nonce, 0n);
    const hash150 = safeTxHashes({
      chainId: 1337,
      safe: legacy,
      tx: tx150,
      version: at141.version,
    }).safeTxHash;
    const outcome150 = await simulateStateChangesOnChain(client(), {
      safe: legacy,
      tx: tx150,
      safeTxHash: hash150 as Hex,
      owners,
      threshold: 2,
    });
    if (outcome150.status !== 'done') throw new Error(outcome150.reason);
    expect(safeChangeVerdicts(outcome150.changes.safeChanges)).toEqual([
      { tone: 'warn', expected: 'upgrade', name: 'SafeL2 1.5.0' },
      { tone: 'warn', expected: 'upgrade', name: 'CompatibilityFallbackHandler 1.5.0' },
    ]);
    const executed150 = await executeSafeTx(clients, {
      safe: legacy,
      executor: accounts[0]!.account.address,
      approvals: [
        { owner: account(owners[0]!), method: 'eip712' },
        { owner: account(owners[2]!), method: 'eip712' },
      ],
      tx: { to: tx150.to, value: tx150.value, data: tx150.data, operation: tx150.operation },
    });
    expect(executed150.success).toBe(true);
    const at150 = await onChain();
    expect(at150).toEqual({
      ...at141,
      singleton: safe150.safeL2,
      fallbackHandler: safe150.compatibilityFallbackHandler,
      version: '1.5.0',
      nonce: at141.nonce + 1n,
    });
    expect(safeUpgradesOf(at150)).toEqual([]);
    const paid150 = await executeSafeTx(clients, {
      safe: legacy,
      executor: accounts[0]!.account.address,
      approvals: [
        { owner: account(owners[1]!), method: 'eip712' },
        { owner: account(owners[2]!), method: 'eip712' },
      ],
      tx: { to: recipient, value: parseEther('0.25') },
    });
    expect(paid150.success).toBe(true);
  });

  it.each([
    ['1.4.1', safe141],
    ['1.5.0', safe150],
  ] as const)(
    'moves a Safe on the non-L2 singleton 1.3.0 to Safe %s (migrateWithFallbackHandler)',
    async (version, contracts) => {
      await client().request({ method: 'evm_revert' as never, params: [started] as never });
      // The same Safe on the other 1.3.0 singleton (the two share their storage layout): the devnet
      // writes slot 0 directly rather than creating another Safe.
      await client().request({
        method: 'anvil_setStorageAt' as never,
        params: [
          legacy,
          numberToHex(singletonStorageSlot, { size: 32 }),
          numberToHex(BigInt(safe130.safe), { size: 32 }),
        ] as never,
      });
      const before = await onChain();
      expect(before).toMatchObject({ singleton: safe130.safe, version: '1.3.0' });
      const upgrade = safeUpgradeOf(before, version);
      expect(upgrade?.method).toBe('migrateWithFallbackHandler');
      const tx = safeTxOfDraft({ actions: [upgradeAction(upgrade!)] }, before.nonce, 0n);

      const accounts = devAccounts();
      const account = (address: Address) =>
        accounts.find((a) => getAddress(a.account.address) === address)!.account;
      const executed = await executeSafeTx(devnetClients(1337, devnet.rpcUrl), {
        safe: legacy,
        executor: accounts[0]!.account.address,
        approvals: [
          { owner: account(owners[0]!), method: 'eip712' },
          { owner: account(owners[2]!), method: 'eip712' },
        ],
        tx: { to: tx.to, value: tx.value, data: tx.data, operation: tx.operation },
      });
      expect(executed.success).toBe(true);
      expect(await onChain()).toEqual({
        ...before,
        singleton: contracts.safe,
        fallbackHandler: contracts.compatibilityFallbackHandler,
        version,
        nonce: before.nonce + 1n,
      });
    },
  );
});

describe('the module guard of a Safe 1.5.0', () => {
  it('is read from the chain, and setting it is shown as a change of the module guard before anyone signs', async () => {
    await client().request({ method: 'evm_revert' as never, params: [started] as never });
    started = (await client().request({ method: 'evm_snapshot' as never, params: [] as never })) as Hex;
    const accounts = devAccounts();
    const owner = accounts[3]!.account;
    const clients = devnetClients(1337, devnet.rpcUrl);
    const safe = await createSafe(clients, {
      sender: owner.address,
      owners: [owner.address],
      threshold: 1n,
      saltNonce: 150n,
      deployment: safe150,
    });
    const chain = { ...devnetChain, rpcUri: { ...devnetChain.rpcUri, value: devnet.rpcUrl } };
    // What the pages read: the Safe as its contract answers, through the same query.
    const readChainSafeState = (_: unknown, at: Address) =>
      new QueryClient().fetchQuery(chainSafeStateQueryOptions(chain, at));
    expect(await readChainSafeState(chain, safe)).toMatchObject({ version: '1.5.0', moduleGuard: null });

    const guard = getAddress(await deployExampleGuard(clients, owner.address));

    const action = setModuleGuardAction(safe, guard);
    if (!action.ok) throw new Error(action.error);
    const tx = safeTxOfDraft({ actions: [action.value] }, 0n, 0n);
    const { safeTxHash } = safeTxHashes({ chainId: 1337, safe, tx, version: '1.5.0' });
    const outcome = await simulateStateChangesOnChain(client(), {
      safe,
      tx,
      safeTxHash: safeTxHash as Hex,
      owners: [owner.address],
      threshold: 1,
    });
    if (outcome.status !== 'done') throw new Error(outcome.reason);
    expect(outcome.changes.safeChanges).toEqual([{ kind: 'moduleGuard', before: zeroAddress, after: guard }]);
    expect(describeCall(tx, { safe, native: { symbol: 'ETH', decimals: 18 } })).toBe(
      `Set the module guard to ${guard}`,
    );

    const executed = await executeSafeTx(clients, {
      safe,
      executor: owner.address,
      approvals: [{ owner, method: 'eip712' }],
      tx: { to: tx.to, value: tx.value, data: tx.data, operation: tx.operation },
    });
    expect(executed.success).toBe(true);
    expect(await readChainSafeState(chain, safe)).toMatchObject({ moduleGuard: guard, guard: null });
  });
});
