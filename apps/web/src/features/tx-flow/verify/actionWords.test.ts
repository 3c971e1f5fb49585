import { describe, expect, it } from 'vitest';
import { encodeFunctionData, maxUint256, parseAbi, parseEther, type Address } from 'viem';
import {
  addOwnerCall,
  encodeMultiSend,
  safe141,
  safe150,
  safeMigration141Address,
  safeUpgradeCall,
  setGuardCall,
  zeroAddress,
} from '@countersign/safe-core';
import { describeCall } from './actionWords';

const safe: Address = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const token: Address = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788';
const bob: Address = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';
const owners: Address[] = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'];
const context = {
  safe,
  native: { symbol: 'ETH', decimals: 18 },
  tokens: new Map([[token.toLowerCase(), { symbol: 'DEV', decimals: 18 }]]),
};
const erc20 = parseAbi(['function transfer(address,uint256)', 'function approve(address,uint256)']);
const call = (to: Address, data: `0x${string}`, value = 0n, operation: 0 | 1 = 0) => ({
  to,
  data,
  value,
  operation,
});

describe('describeCall: what the bytes do, in words', () => {
  it('an upgrade by the canonical SafeMigration 1.4.1, and a migrate call that is not one', () => {
    const upgrade = safeUpgradeCall({
      method: 'migrateL2WithFallbackHandler',
      migration: safeMigration141Address,
    });
    expect(describeCall(upgrade, context)).toBe(
      `Upgrade the Safe to 1.4.1 (SafeMigration 1.4.1): its code becomes ${safe141.safeL2} (SafeL2 1.4.1) and it sets the fallback handler to ${safe141.compatibilityFallbackHandler} (CompatibilityFallbackHandler 1.4.1)`,
    );
    expect(
      describeCall(
        safeUpgradeCall({ method: 'migrateSingleton', migration: safeMigration141Address }),
        context,
      ),
    ).toBe(
      `Upgrade the Safe to 1.4.1 (SafeMigration 1.4.1): its code becomes ${safe141.safe} (Safe 1.4.1) and it keeps its fallback handler`,
    );
    expect(describeCall({ ...upgrade, to: bob }, context)).toBe(
      `Delegatecall migrateL2WithFallbackHandler() on ${bob}, which is not an upgrade by a canonical SafeMigration`,
    );
    expect(describeCall({ ...upgrade, operation: 0 }, context)).toBe(
      `Call migrateL2WithFallbackHandler() on SafeMigration 1.4.1, which is not an upgrade by a canonical SafeMigration (it must be delegatecalled)`,
    );
    expect(safeMigration141Address).toBe(upgrade.to);
    expect(
      describeCall(
        safeUpgradeCall({ method: 'migrateSingleton', migration: safe150.safeMigration }),
        context,
      ),
    ).toBe(
      `Upgrade the Safe to 1.5.0 (SafeMigration 1.5.0): its code becomes ${safe150.safe} (Safe 1.5.0) and it keeps its fallback handler`,
    );
  });

  it('native payments and rejections', () => {
    expect(describeCall(call(bob, '0x', parseEther('1.5')), context)).toBe(`Send 1.5 ETH to ${bob}`);
    expect(describeCall(call(safe, '0x'), context)).toMatch(/^Reject: an empty transaction/);
  });

  it('token transfers and approvals, with the token’s symbol when the Safe holds it', () => {
    const transfer = encodeFunctionData({
      abi: erc20,
      functionName: 'transfer',
      args: [bob, parseEther('2')],
    });
    expect(describeCall(call(token, transfer), context)).toBe(`Send 2 DEV to ${bob}`);
    expect(describeCall(call(bob, transfer), context)).toBe(
      `Send 2000000000000000000 base units of token ${bob} to ${bob}`,
    );
    const approve = encodeFunctionData({ abi: erc20, functionName: 'approve', args: [bob, maxUint256] });
    expect(describeCall(call(token, approve), context)).toBe(
      `Allow ${bob} to spend an unlimited amount of DEV`,
    );
  });

  it('settings changes of the Safe, and the same methods on another contract', () => {
    expect(describeCall(call(safe, addOwnerCall(owners, bob, 2n)), context)).toBe(
      `Add owner ${bob} and set the threshold to 2`,
    );
    expect(describeCall(call(bob, addOwnerCall(owners, bob, 2n)), context)).toContain('not this Safe');
    expect(describeCall(call(safe, setGuardCall(zeroAddress)), context)).toBe('Remove the transaction guard');
  });

  it('batches and unknown calls', () => {
    const batch = encodeMultiSend([call(bob, '0x', 1n), call(bob, '0x', 2n)]);
    expect(describeCall(call(safe141.multiSendCallOnly, batch, 0n, 1), context)).toBe(
      'A batch of 2 actions through MultiSendCallOnly 1.4.1',
    );
    expect(describeCall(call(bob, '0xdeadbeef00', 0n, 1), context)).toBe(
      `Delegatecall ${bob} with function 0xdeadbeef (5 bytes of data)`,
    );
  });

  it('calls an ABI in the address book decodes, worded as that ABI names them', () => {
    const vaultAbi = parseAbi([
      'function deposit(uint256 assets, address receiver)',
      'function transfer(uint256 id, address to, bytes memo)',
      'function configure((uint256 cap, address admin) settings)',
    ]);
    const abiFor = (address: string) => (address.toLowerCase() === bob.toLowerCase() ? vaultAbi : undefined);
    const withAbi = { ...context, abiFor };
    const deposit = encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [5n, safe] });
    expect(describeCall(call(bob, deposit, 2n), withAbi)).toBe(
      `Call deposit(assets 5, receiver ${safe}) on ${bob}, as the ABI in your address book reads it, sending 0.000000000000000002 ETH with it`,
    );
    // Named like a token transfer, but of another shape: never read as one.
    const memo = `0x${'ab'.repeat(40)}` as const;
    const transfer = encodeFunctionData({ abi: vaultAbi, functionName: 'transfer', args: [7n, safe, memo] });
    expect(describeCall(call(bob, transfer), withAbi)).toBe(
      `Call transfer(id 7, to ${safe}, memo ${memo.slice(0, 65)}… (40 bytes)) on ${bob}, as the ABI in your address book reads it`,
    );
    const configure = encodeFunctionData({
      abi: vaultAbi,
      functionName: 'configure',
      args: [{ cap: 10n, admin: safe }],
    });
    expect(describeCall(call(bob, configure), withAbi)).toContain(
      `configure(settings (cap: 10, admin: ${safe}))`,
    );
    // Another contract's calls are not read with it.
    expect(describeCall(call(token, deposit), withAbi)).toMatch(/with function 0x/);
  });
});
