import { describe, expect, it } from 'vitest';
import { parseAddressParam, parseTxHashParam } from './explorerParams';

const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const hash = `0x${'ab'.repeat(32)}`;

describe('parseAddressParam', () => {
  it('accepts any letter case and gives the checksummed address', () => {
    expect(parseAddressParam(checksummed.toLowerCase())).toEqual({ ok: true, value: checksummed });
    expect(parseAddressParam(` ${checksummed.toUpperCase().replace('0X', '0x')} `)).toEqual({
      ok: true,
      value: checksummed,
    });
  });

  it.each(['', '0x1234', `${checksummed}00`, checksummed.slice(2), `0x${'g'.repeat(40)}`])(
    'refuses %j with a message that quotes it',
    (input) => {
      const result = parseAddressParam(input);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error).toBe(
          `"${input}" is not a valid address: an address is 0x followed by 40 hexadecimal characters.`,
        );
      }
    },
  );

  it('keeps a long input to one line in the message', () => {
    const result = parseAddressParam(`0x${'z'.repeat(500)}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^"0xz{67}…" is not a valid address/);
  });
});

describe('parseTxHashParam', () => {
  it('accepts a 32-byte hash in any letter case and gives it in lower case', () => {
    expect(parseTxHashParam(hash.toUpperCase().replace('0X', '0x'))).toEqual({ ok: true, value: hash });
  });

  it.each(['', '0xabc', `0x${'a'.repeat(63)}`, `0x${'a'.repeat(66)}`, `0x${'q'.repeat(64)}`, checksummed])(
    'refuses %j',
    (input) => {
      const result = parseTxHashParam(input);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error).toBe(
          `"${input}" is not a valid transaction hash: a hash is 0x followed by 64 hexadecimal characters.`,
        );
      }
    },
  );
});
