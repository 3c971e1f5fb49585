import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  maxUint256,
  pad,
  parseEther,
  toFunctionSelector,
  concat,
  type Address,
} from 'viem';
import { readContract } from 'viem/actions';
import { startDevnet, type Devnet } from '@countersign/devnet';
import {
  buildSafeTx,
  safe141,
  safeAbi,
  safeTxHashes,
  type SafeTx,
  type StateChanges,
} from '@countersign/safe-core';
import { chainReader } from '../../lib/chainReader';
import { simulateStateChangesOnChain } from './chainReads';

/**
 * What a transaction changes, worked out by the devnet's own node (anvil: eth_simulateV1 and
 * debug_traceCall) for the demo's 2-of-3 Safe, signed by nobody.
 */
let devnet: Devnet;
let team: Address;
let owners: Address[];
let devToken: Address;
const recipient = getAddress('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc');
const spender = getAddress('0x000000000000000000000000000000000000cafe');
/** Runtime code that stores its first argument in slot 0: SSTORE(0, CALLDATALOAD(4)). */
const slotZeroWriter = getAddress('0x00000000000000000000000000000000005107e0');
const impostor = getAddress('0x000000000000000000000000000000000000bad1');

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  const teamSafe = devnet.manifest.safes[0]!;
  team = getAddress(teamSafe.address);
  owners = teamSafe.owners.map((owner) => getAddress(owner));
  devToken = getAddress(devnet.manifest.tokens.find((token) => token.symbol === 'DEV')!.address);
  await chainReader(devnet.rpcUrl).request({
    method: 'anvil_setCode',
    params: [slotZeroWriter, '0x600435600055600060005260206000f3'],
  } as never);
});
afterAll(() => devnet?.stop());

async function changesOf(fields: Partial<SafeTx> & Pick<SafeTx, 'to'>): Promise<StateChanges> {
  const client = chainReader(devnet.rpcUrl);
  const nonce = await readContract(client, { address: team, abi: safeAbi, functionName: 'nonce' });
  const tx = buildSafeTx({ ...fields, nonce });
  const { safeTxHash } = safeTxHashes({ chainId: 1337, safe: team, tx, version: '1.4.1' });
  const outcome = await simulateStateChangesOnChain(client, {
    safe: team,
    tx,
    safeTxHash,
    owners,
    threshold: 2,
  });
  if (outcome.status !== 'done') throw new Error(outcome.reason);
  return outcome.changes;
}

describe('simulateStateChangesOnChain', () => {
  it('shows a payment as two balance changes, the Safe first, and checks everything', async () => {
    const changes = await changesOf({ to: recipient, value: parseEther('0.5') });
    expect(changes).toEqual({
      engine: 'eth_simulateV1',
      balanceChanges: [
        { account: team, asset: { kind: 'native' }, delta: -parseEther('0.5') },
        { account: recipient, asset: { kind: 'native' }, delta: parseEther('0.5') },
      ],
      approvals: [],
      safeChanges: [],
      unchecked: [],
    });
  });

  it('calls an approval of the maximum unlimited', async () => {
    const changes = await changesOf({
      to: devToken,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
    });
    expect(changes.approvals).toEqual([
      { kind: 'erc20', token: devToken, owner: team, spender, amount: maxUint256, unlimited: true },
    ]);
    expect(changes.balanceChanges).toEqual([]);
    expect(changes.safeChanges).toEqual([]);
  });

  it('shows a new owner, and no other write to the Safe', async () => {
    const changes = await changesOf({
      to: team,
      data: encodeFunctionData({
        abi: safeAbi,
        functionName: 'addOwnerWithThreshold',
        args: [recipient, 2n],
      }),
    });
    expect(changes.safeChanges).toEqual([
      { kind: 'owners', before: owners, after: [recipient, ...owners], added: [recipient], removed: [] },
    ]);
    expect(changes.unchecked).toEqual([]);
  });

  it('shows a delegatecall that replaces the Safe’s implementation', async () => {
    const changes = await changesOf({
      to: slotZeroWriter,
      operation: 1,
      data: concat([toFunctionSelector('function write(address)'), pad(impostor, { size: 32 })]),
    });
    expect(changes.reverted).toBeUndefined();
    expect(changes.safeChanges).toContainEqual({
      kind: 'implementation',
      before: getAddress(safe141.safeL2),
      after: impostor,
    });
  });

  it('gives the reason of a call that would fail', async () => {
    const changes = await changesOf({
      to: team,
      data: encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [10n] }),
    });
    expect(changes.reverted).toEqual({ call: 'transaction', reason: 'GS201' });
    expect(changes.safeChanges).toEqual([]);
    expect(changes.balanceChanges).toEqual([]);
  });
});
