import { describe, expect, it } from 'vitest';
import {
  checksummed,
  exactTokenAmount,
  formatAge,
  formatDayLabel,
  formatFiat,
  formatTokenAmount,
  shortenAddress,
} from './format';

const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('addresses', () => {
  it('checksums and shortens', () => {
    expect(checksummed(address.toLowerCase())).toBe(address);
    expect(shortenAddress(address.toLowerCase())).toBe('0x5aAe…eAed');
    expect(shortenAddress('not an address')).toBe('not an address');
  });
});

describe('token amounts', () => {
  it('writes base units in whole tokens, grouped, without losing precision', () => {
    expect(formatTokenAmount(10n ** 18n, 18)).toBe('1');
    expect(formatTokenAmount('1234567890000000000000000', 18)).toBe('1,234,567.89');
    expect(formatTokenAmount(123456789012345678901234567890n, 18)).toBe('123,456,789,012.345678');
    expect(formatTokenAmount('2500000000', 6)).toBe('2,500');
  });

  it('rounds down to six decimals and marks amounts too small to show', () => {
    expect(formatTokenAmount('1999999999999999999', 18)).toBe('1.999999');
    expect(formatTokenAmount('1', 18)).toBe('<0.000001');
    expect(formatTokenAmount('0', 18)).toBe('0');
  });

  it('treats unknown decimals as 0 and leaves unreadable input alone', () => {
    expect(formatTokenAmount('42', null)).toBe('42');
    expect(formatTokenAmount('abc', 18)).toBe('abc');
  });

  it('gives the exact amount for titles and exports', () => {
    expect(exactTokenAmount('1500000000000000001', 18)).toBe('1.500000000000000001');
    expect(exactTokenAmount('-25', 1)).toBe('-2.5');
    expect(exactTokenAmount('100', 0)).toBe('100');
  });
});

describe('fiat amounts', () => {
  it('uses the currency sign for ISO codes and writes other codes after the number', () => {
    expect(formatFiat('1234.5', 'usd')).toBe('$1,234.50');
    expect(formatFiat('0.5', 'EUR')).toBe('€0.50');
    expect(formatFiat('2', 'USDC')).toBe('2 USDC');
    expect(formatFiat('not a number', 'usd')).toBe('not a number USD');
  });

  it('shows each currency with its own decimals, and coins with enough to mean something', () => {
    expect(formatFiat('386769.6', 'JPY')).toBe('¥386,770');
    // Intl puts a no-break space between a code and its amount.
    expect(formatFiat('1.2345', 'KWD')).toBe('KWD\u00a01.235');
    expect(formatFiat('5937.1', 'USD')).toBe('$5,937.10');
    expect(formatFiat('0.07123456789', 'btc')).toBe('0.07123457 BTC');
    expect(formatFiat('1.5', 'ETH')).toBe('1.5 ETH');
  });
});

describe('dates', () => {
  const now = new Date(2026, 10, 23, 15, 0);
  it('labels days relative to today', () => {
    expect(formatDayLabel(new Date(2026, 10, 23, 1, 0), now)).toBe('Today');
    expect(formatDayLabel(new Date(2026, 10, 22, 23, 59), now)).toBe('Yesterday');
    expect(formatDayLabel(new Date(2026, 10, 20, 12, 0), now)).toBe('Nov 20, 2026');
  });

  it('says how long ago', () => {
    expect(formatAge(new Date(now.getTime() - 10_000), now)).toBe('just now');
    expect(formatAge(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatAge(new Date(now.getTime() - 26 * 3600_000), now)).toBe('yesterday');
  });
});
