import { describe, expect, it } from 'vitest';
import { decodeFunctionData, erc20Abi, erc721Abi, type Address } from 'viem';
import { safeAbi, safe130, safe141, safeUpgradeOf } from '@countersign/safe-core';
import {
  addOwnerAction,
  changeThresholdAction,
  disableModuleAction,
  enableModuleAction,
  nftTransferAction,
  rawCallAction,
  removeGuardAction,
  removeOwnerAction,
  setFallbackHandlerAction,
  setGuardAction,
  swapOwnerAction,
  tokenTransferAction,
  upgradeAction,
} from './actions';
import { checkFallbackHandler, checkGuard, checkNewModule, checkNewOwner, checkNewThreshold } from './checks';

const SAFE: Address = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const A: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const C: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const D: Address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const SENTINEL = '0x0000000000000000000000000000000000000001';
const ZERO = '0x0000000000000000000000000000000000000000';
const owners = [A, B, C];

const safeCall = (data: `0x${string}`) => decodeFunctionData({ abi: safeAbi, data });
function value<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('token and NFT transfers', () => {
  it('sends an ERC-20 with transfer(to, amount) and the native coin as the value', () => {
    const token = { type: 'ERC20', address: D, symbol: 'DUSD', decimals: 6 } as const;
    const erc20 = tokenTransferAction(token, A, 1_500_000n);
    expect(erc20).toMatchObject({ to: D, value: 0n, label: `Send 1.5 DUSD to ${A}` });
    expect(decodeFunctionData({ abi: erc20Abi, data: erc20.data }).args).toEqual([A, 1_500_000n]);
    const native = tokenTransferAction(
      { type: 'NATIVE_TOKEN', address: ZERO, symbol: 'ETH', decimals: 18 },
      A,
      10n ** 18n,
    );
    expect(native).toEqual({ to: A, value: 10n ** 18n, data: '0x', label: `Send 1 ETH to ${A}` });
  });

  it('sends an NFT with safeTransferFrom(safe, to, id)', () => {
    const action = value(nftTransferAction({ contract: D, tokenId: '42', collection: 'CSC' }, SAFE, A));
    expect(action.label).toBe(`Send CSC #42 to ${A}`);
    expect(decodeFunctionData({ abi: erc721Abi, data: action.data })).toMatchObject({
      functionName: 'safeTransferFrom',
      args: [SAFE, A, 42n],
    });
    expect(nftTransferAction({ contract: D, tokenId: 'x', collection: 'CSC' }, SAFE, A).ok).toBe(false);
  });

  it('describes raw calls by their data', () => {
    const native = { symbol: 'ETH', decimals: 18 };
    expect(rawCallAction(A, '0x', 5n * 10n ** 17n, native).label).toBe(`Send 0.5 ETH to ${A}`);
    expect(rawCallAction(A, '0xa9059cbb', 0n, native).label).toBe(`Call ${A} with 4 bytes of data`);
  });
});

describe('settings changes', () => {
  it('adds an owner with a threshold out of the new count', () => {
    const action = value(addOwnerAction(SAFE, owners, D, 3));
    expect(action).toMatchObject({
      to: SAFE,
      value: 0n,
      label: `Add owner ${D}, with a threshold of 3 of 4 owners`,
    });
    expect(safeCall(action.data)).toEqual({ functionName: 'addOwnerWithThreshold', args: [D, 3n] });
  });

  it('removes an owner naming the owner before it in the linked list', () => {
    expect(safeCall(value(removeOwnerAction(SAFE, owners, A, 2)).data).args).toEqual([SENTINEL, A, 2n]);
    expect(safeCall(value(removeOwnerAction(SAFE, owners, C, 1)).data).args).toEqual([B, C, 1n]);
    expect(removeOwnerAction(SAFE, owners, C, 3)).toEqual({
      ok: false,
      error: 'The threshold cannot be higher than the number of owners (2).',
    });
  });

  it('swaps an owner naming the owner before it', () => {
    const action = value(swapOwnerAction(SAFE, owners, B, D));
    expect(safeCall(action.data).args).toEqual([A, B, D]);
    expect(action.label).toBe(`Replace owner ${B} with ${D}`);
  });

  it('changes the threshold', () => {
    const action = value(changeThresholdAction(SAFE, 3, 3));
    expect(safeCall(action.data)).toEqual({ functionName: 'changeThreshold', args: [3n] });
    expect(action.label).toBe('Change the threshold to 3 of 3 owners');
  });

  it('enables and disables modules, naming the module before it', () => {
    expect(safeCall(value(enableModuleAction(SAFE, [A], B)).data).args).toEqual([B]);
    expect(safeCall(value(disableModuleAction(SAFE, [A, B], B)).data).args).toEqual([A, B]);
    expect(safeCall(value(disableModuleAction(SAFE, [A, B], A)).data).args).toEqual([SENTINEL, A]);
  });

  it('sets and removes the guard and sets the fallback handler', () => {
    expect(safeCall(value(setGuardAction(SAFE, A)).data)).toEqual({ functionName: 'setGuard', args: [A] });
    const removal = value(removeGuardAction(SAFE, A));
    expect(safeCall(removal.data)).toEqual({ functionName: 'setGuard', args: [ZERO] });
    expect(removal.label).toBe(`Remove guard ${A}`);
    const handler = value(setFallbackHandlerAction(SAFE, safe141.compatibilityFallbackHandler));
    expect(safeCall(handler.data).args).toEqual([safe141.compatibilityFallbackHandler]);
    expect(value(setFallbackHandlerAction(SAFE, ZERO)).label).toBe('Remove the fallback handler');
  });
});

describe('settings checks', () => {
  it('refuses an owner who already is one, the Safe itself and reserved addresses', () => {
    const context = { safe: SAFE, owners };
    expect(checkNewOwner(B.toLowerCase(), context)).toEqual({
      ok: false,
      error: 'This address is already an owner.',
    });
    expect(checkNewOwner(SAFE, context)).toEqual({
      ok: false,
      error: 'The Safe cannot be one of its own owners.',
    });
    expect(checkNewOwner(SENTINEL, context)).toEqual({
      ok: false,
      error: 'This address cannot be an owner.',
    });
    expect(checkNewOwner(D, context)).toEqual({ ok: true, value: D });
  });

  it('refuses a module already enabled', () => {
    expect(checkNewModule(A, { safe: SAFE, modules: [A] })).toEqual({
      ok: false,
      error: 'This module is already enabled.',
    });
    expect(checkNewModule(SAFE, { safe: SAFE, modules: [] }).ok).toBe(false);
  });

  it('sends the zero guard to Remove guard, and warns before removing the fallback handler', () => {
    expect(checkGuard(ZERO, { safe: SAFE, current: undefined })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Remove guard/),
    });
    expect(checkGuard(A, { safe: SAFE, current: A })).toEqual({
      ok: false,
      error: 'This is already the Safe’s guard.',
    });
    expect(checkFallbackHandler(ZERO, { safe: SAFE, current: A })).toMatchObject({
      ok: true,
      warning: expect.stringMatching(/EIP-1271/),
    });
    expect(checkFallbackHandler(SAFE, { safe: SAFE, current: A }).ok).toBe(false);
  });

  it('wants a threshold that changes something', () => {
    expect(checkNewThreshold(2, { current: 2, owners: 3 })).toEqual({
      ok: false,
      error: 'The threshold is already 2: choose another.',
    });
    expect(checkNewThreshold(4, { current: 2, owners: 3 }).ok).toBe(false);
    expect(checkNewThreshold(3, { current: 2, owners: 3 })).toEqual({ ok: true, value: 3 });
  });
});

describe('the upgrade action', () => {
  it('is one delegatecall of migrateL2WithFallbackHandler() to SafeMigration 1.4.1 for a SafeL2 1.3.0', () => {
    const upgrade = safeUpgradeOf(
      { singleton: safe130.safeL2, fallbackHandler: safe130.compatibilityFallbackHandler },
      '1.4.1',
    );
    expect(upgrade).not.toBeNull();
    expect(upgradeAction(upgrade!)).toEqual({
      to: '0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6',
      value: 0n,
      data: '0x68cb3d94',
      operation: 1,
      label: `Upgrade the Safe to 1.4.1: its code becomes ${safe141.safeL2} and its fallback handler ${safe141.compatibilityFallbackHandler}`,
    });
  });

  it('says when the Safe keeps its own fallback handler', () => {
    const upgrade = safeUpgradeOf({ singleton: safe130.safe, fallbackHandler: D }, '1.4.1');
    expect(upgradeAction(upgrade!)).toMatchObject({
      data: '0xf6682ab0',
      operation: 1,
      label: `Upgrade the Safe to 1.4.1: its code becomes ${safe141.safe}, keeping its fallback handler`,
    });
  });
});
