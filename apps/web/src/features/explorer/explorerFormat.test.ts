import { describe, expect, it } from 'vitest';
import { codeKind, codeKindLabel, formatGasPrice, formatNativeAmount } from './explorerFormat';

const eth = { symbol: 'ETH', decimals: 18 };

describe('formatNativeAmount', () => {
  it('shows the exact amount in the native currency', () => {
    expect(formatNativeAmount(0n, eth)).toBe('0 ETH');
    expect(formatNativeAmount(12_300_000_000_000_000n, eth)).toBe('0.0123 ETH');
    expect(formatNativeAmount(10_000_000_000_000_000_000_001n, eth)).toBe('10000.000000000000000001 ETH');
  });

  it("follows the currency's decimals and symbol", () => {
    expect(formatNativeAmount(1_500_000n, { symbol: 'xDAI6', decimals: 6 })).toBe('1.5 xDAI6');
    expect(formatNativeAmount(7n, { symbol: 'RAW', decimals: 0 })).toBe('7 RAW');
  });
});

describe('formatGasPrice', () => {
  it('shows wei per gas in gwei', () => {
    expect(formatGasPrice(1_875_000_000n)).toBe('1.875 gwei');
    expect(formatGasPrice(1n)).toBe('0.000000001 gwei');
  });
});

describe('codeKind', () => {
  it('sees an account where there is no code', () => {
    expect(codeKind(undefined)).toEqual({ kind: 'account' });
    expect(codeKind('0x')).toEqual({ kind: 'account' });
    expect(codeKindLabel(codeKind('0x'))).toBe('Account (no code)');
  });

  it('measures a contract in bytes', () => {
    expect(codeKind('0x6080604052')).toEqual({ kind: 'contract', sizeBytes: 5 });
    expect(codeKindLabel({ kind: 'contract', sizeBytes: 171 })).toBe('Contract (171 bytes of code)');
    expect(codeKindLabel({ kind: 'contract', sizeBytes: 1 })).toBe('Contract (1 byte of code)');
  });

  it('reads an EIP-7702 delegation as an account and names the delegate', () => {
    const delegate = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const kind = codeKind(`0xef0100${delegate.slice(2).toLowerCase()}`);
    expect(kind).toEqual({ kind: 'delegated-account', delegate });
    expect(codeKindLabel(kind)).toBe(`Account delegating to ${delegate} (EIP-7702)`);
    // The same prefix in longer code is an ordinary contract.
    expect(codeKind(`0xef0100${delegate.slice(2)}00`)).toEqual({ kind: 'contract', sizeBytes: 24 });
  });
});
