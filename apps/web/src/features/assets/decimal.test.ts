import { describe, expect, it } from 'vitest';
import { compareDecimals, isDecimal, subtractDecimals, sumDecimals } from './decimal';

describe('fiat decimal strings, exactly', () => {
  it('compares by value, whatever the number of decimals', () => {
    expect(compareDecimals('10', '9.99999999999999999999')).toBe(1);
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('-1', '0')).toBe(-1);
    // Beyond a double's precision: 2^53 + 1 is not 2^53.
    expect(compareDecimals('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareDecimals('0.00000000000000000002', '0.00000000000000000001')).toBe(1);
  });

  it('counts a string that is not a decimal as zero', () => {
    expect(compareDecimals('NaN', '0')).toBe(0);
    expect(compareDecimals('1e3', '1')).toBe(-1);
    expect(isDecimal('1e3')).toBe(false);
    expect(isDecimal('35625.5')).toBe(true);
  });

  it('sums without floating-point error', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['31800', '5937.5', '2558'])).toBe('40295.5');
    expect(sumDecimals([])).toBe('0');
    expect(sumDecimals(['1', 'x', '2.50'])).toBe('3.5');
    expect(sumDecimals(['0.00000000000000000001', '0.00000000000000000002'])).toBe('0.00000000000000000003');
  });

  it('subtracts', () => {
    expect(subtractDecimals('40295.5', '2558')).toBe('37737.5');
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('1', '1.5')).toBe('-0.5');
    expect(subtractDecimals('1', '1')).toBe('0');
  });
});
