import { describe, expect, it } from 'vitest';
import { encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import type { TransactionDetails, TxInfo } from '@countersign/gateway-api';
import { addOwnerCall, changeThresholdCall, encodeMultiSend, safe141 } from '@countersign/safe-core';
import { checkGatewayClaims } from './gatewayClaims';

const safe: Address = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const ownerA: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const attacker: Address = '0x000000000000000000000000000000000000bEEF';
const token: Address = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788';
const recipient: Address = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';
const info = (value: string) => ({ value, name: null, logoUri: null });
const erc20Abi = parseAbi(['function transfer(address to, uint256 value)', 'function foo(uint256 x)']);

function details(
  call: { to: Address; value?: bigint; data: Hex; operation?: 0 | 1 },
  txInfo: TxInfo,
  dataDecoded: unknown = null,
) {
  return {
    safeAddress: safe,
    txId: `multisig_${safe}_0x${'11'.repeat(32)}`,
    executedAt: null,
    txStatus: 'AWAITING_CONFIRMATIONS',
    txInfo,
    txData: {
      hexData: call.data === '0x' ? null : call.data,
      dataDecoded,
      to: info(call.to),
      value: (call.value ?? 0n).toString(),
      operation: call.operation ?? 0,
      trustedDelegateCallTarget: null,
      addressInfoIndex: null,
      tokenInfoIndex: null,
    },
    detailedExecutionInfo: null,
    txHash: null,
    safeAppInfo: null,
    note: null,
  } as TransactionDetails;
}

const thresholdClaim = (threshold: number): TxInfo => ({
  type: 'SettingsChange',
  dataDecoded: {
    method: 'changeThreshold',
    parameters: [{ name: '_threshold', type: 'uint256', value: String(threshold) }],
  },
  settingsInfo: { type: 'CHANGE_THRESHOLD', threshold },
  humanDescription: null,
});

/** The gateway's story of a call to `foo` on the token contract. */
const claim: TxInfo = {
  type: 'Custom',
  to: info(token),
  dataSize: '36',
  value: '0',
  isCancellation: false,
  methodName: 'foo',
  actionCount: null,
  humanDescription: null,
};

describe('checkGatewayClaims', () => {
  it('accepts a settings change the bytes make', () => {
    const data = changeThresholdCall(2, 2n);
    const report = checkGatewayClaims(
      details(
        { to: safe, data },
        thresholdClaim(2),
        thresholdClaim(2).type === 'SettingsChange'
          ? { method: 'changeThreshold', parameters: [{ name: '_threshold', type: 'uint256', value: '2' }] }
          : null,
      ),
      safe,
    );
    expect(report.mismatches).toEqual([]);
    expect(report.decoded).toBe(true);
  });

  it('flags "change threshold" told of an added owner, naming both', () => {
    const data = addOwnerCall([ownerA], attacker, 1n);
    const report = checkGatewayClaims(
      details({ to: safe, data }, thresholdClaim(2), {
        method: 'changeThreshold',
        parameters: [{ name: '_threshold', type: 'uint256', value: '2' }],
      }),
      safe,
    );
    expect(report.mismatches.length).toBeGreaterThan(0);
    const text = JSON.stringify(report.mismatches);
    expect(text).toContain('changeThreshold');
    expect(text).toContain('addOwnerWithThreshold');
    expect(text).toContain(attacker.toLowerCase());
  });

  it('flags a token transfer whose recipient or amount differs from the bytes', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [attacker, 5n] });
    const claim: TxInfo = {
      type: 'Transfer',
      sender: info(safe),
      recipient: info(recipient),
      direction: 'OUTGOING',
      transferInfo: {
        type: 'ERC20',
        tokenAddress: token,
        value: '5',
        tokenName: null,
        tokenSymbol: null,
        logoUri: null,
        decimals: 18,
        trusted: null,
        imitation: false,
      },
      humanDescription: null,
    };
    expect(checkGatewayClaims(details({ to: token, data }, claim), safe).mismatches).not.toEqual([]);
    const honest = { ...claim, recipient: info(attacker) };
    expect(checkGatewayClaims(details({ to: token, data }, honest), safe).mismatches).toEqual([]);
  });

  it('flags one MultiSend part the gateway describes differently', () => {
    const parts = [
      { to: recipient, value: 1n, data: '0x' as Hex, operation: 0 as const },
      { to: safe, value: 0n, data: addOwnerCall([ownerA], attacker, 1n), operation: 0 as const },
    ];
    const data = encodeMultiSend(parts);
    const claimedParts = [
      { to: recipient, value: '1', data: null, operation: 0, dataDecoded: null },
      {
        to: safe,
        value: '0',
        data: changeThresholdCall(2, 2n),
        operation: 0,
        dataDecoded: {
          method: 'changeThreshold',
          parameters: [{ name: '_threshold', type: 'uint256', value: '2' }],
        },
      },
    ];
    const claim: TxInfo = {
      type: 'Custom',
      to: info(safe141.multiSendCallOnly),
      dataSize: '0',
      value: '0',
      isCancellation: false,
      methodName: 'multiSend',
      actionCount: 2,
      humanDescription: null,
    };
    const report = checkGatewayClaims(
      details({ to: safe141.multiSendCallOnly, data, operation: 1 }, claim, {
        method: 'multiSend',
        parameters: [{ name: 'transactions', type: 'bytes', value: data, valueDecoded: claimedParts }],
      }),
      safe,
    );
    expect(report.calls).toHaveLength(2);
    expect(report.mismatches.map((m) => m.what).join(' ')).toContain('action 2');
  });

  it('checks a method it does not know against the gateway’s own signature', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'foo', args: [7n] });
    const truthful = checkGatewayClaims(
      details({ to: token, data }, claim, {
        method: 'foo',
        parameters: [{ name: 'x', type: 'uint256', value: '7' }],
      }),
      safe,
    );
    expect(truthful.mismatches).toEqual([]);
    expect(truthful.decoded).toBe(false);
    const lying = checkGatewayClaims(
      details({ to: token, data }, claim, {
        method: 'foo',
        parameters: [{ name: 'x', type: 'uint256', value: '8' }],
      }),
      safe,
    );
    expect(lying.mismatches).toHaveLength(1);
    const otherMethod = checkGatewayClaims(
      details({ to: token, data }, claim, {
        method: 'bar',
        parameters: [{ name: 'x', type: 'uint256', value: '7' }],
      }),
      safe,
    );
    expect(otherMethod.mismatches[0]?.bytes).toContain('selector');
    expect(truthful.undecoded).toEqual([token]);
  });

  it('decodes with the ABI the user keeps for a contract, names it, and still compares the claim', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'foo', args: [7n] });
    const kept = parseAbi(['function foo(uint256 amount)']);
    const abiFor = (address: string) => (address.toLowerCase() === token.toLowerCase() ? kept : undefined);
    const decoded = (value: string) => ({
      method: 'foo',
      parameters: [{ name: 'x', type: 'uint256', value }],
    });
    const truthful = checkGatewayClaims(details({ to: token, data }, claim, decoded('7')), safe, abiFor);
    expect(truthful).toMatchObject({ decoded: true, suppliedAbi: [token], undecoded: [], mismatches: [] });
    const lying = checkGatewayClaims(details({ to: token, data }, claim, decoded('8')), safe, abiFor);
    expect(lying.mismatches).toEqual([{ what: 'the decoded call', gateway: 'foo(8)', bytes: 'foo(7)' }]);
    // A batch part calling the contract is decoded with its ABI; another contract's is not.
    const batch = encodeMultiSend([
      { operation: 0, to: token, value: 0n, data },
      { operation: 0, to: recipient, value: 0n, data },
    ]);
    const both = checkGatewayClaims(
      details(
        { to: safe141.multiSendCallOnly, data: batch, operation: 1 },
        { ...claim, methodName: 'multiSend' },
      ),
      safe,
      abiFor,
    );
    expect(both).toMatchObject({ decoded: false, suppliedAbi: [token], undecoded: [recipient] });
  });

  it('flags a rejection claimed for a transfer', () => {
    const claim: TxInfo = {
      type: 'Custom',
      to: info(safe),
      dataSize: '0',
      value: '0',
      isCancellation: true,
      methodName: null,
      actionCount: null,
      humanDescription: null,
    };
    expect(
      checkGatewayClaims(details({ to: recipient, value: 10n, data: '0x' }, claim), safe).mismatches,
    ).not.toEqual([]);
    expect(checkGatewayClaims(details({ to: safe, data: '0x' }, claim), safe).mismatches).toEqual([]);
  });
});
