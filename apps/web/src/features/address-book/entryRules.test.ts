import { describe, expect, it } from 'vitest';
import { CASE_SHORT_NAME, addressInputCases, expectedOutcome } from '../../lib/addressInputCases';
import { checkAddress, checkChainId, checkName, checkTypedAddress } from './entryRules';

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const addressTexts = {
  empty: 'The address is empty.',
  format: 'Not a valid address (0x followed by 40 hexadecimal characters).',
};

describe('entry rules', () => {
  it.each(addressInputCases)('reads the shared address case "$name" as typed in the form', (testCase) => {
    expect(checkTypedAddress(testCase.input, CASE_SHORT_NAME)).toEqual(
      expectedOutcome(testCase, addressTexts),
    );
  });

  it.each(addressInputCases)('reads the shared address case "$name" as a file holds it', (testCase) => {
    // A file's address column has no chain prefix: `local:0x…` there is no address.
    const prefixed = testCase.input.includes(':');
    const expected = prefixed
      ? { ok: false, error: addressTexts.format }
      : expectedOutcome(testCase, addressTexts);
    expect(checkAddress(testCase.input)).toEqual(expected);
  });

  it('takes an address in any letter case and checksums it', () => {
    expect(checkAddress(` ${alice.toLowerCase()} `)).toEqual({ ok: true, value: alice });
    expect(checkAddress(`0x${alice.slice(2).toUpperCase()}`)).toEqual({ ok: true, value: alice });
    expect(checkAddress(alice)).toEqual({ ok: true, value: alice });
  });

  it('refuses what is not an address', () => {
    const invalid = { ok: false, error: 'Not a valid address (0x followed by 40 hexadecimal characters).' };
    expect(checkAddress('')).toEqual({ ok: false, error: 'The address is empty.' });
    expect(checkAddress('0x1234')).toEqual(invalid);
    expect(checkAddress(`${alice}00`)).toEqual(invalid);
    expect(checkAddress(alice.replace('0x', ''))).toEqual(invalid);
    expect(checkAddress(`0x${'g'.repeat(40)}`)).toEqual(invalid);
  });

  it('takes shortName:address of this chain only', () => {
    expect(checkTypedAddress(`local:${alice.toLowerCase()}`, 'local')).toEqual({ ok: true, value: alice });
    expect(checkTypedAddress(`eth:${alice}`, 'local')).toEqual({
      ok: false,
      error: 'This address is for the chain "eth", not local.',
    });
  });

  it('takes a name of 1 to 50 characters once trimmed, on one line', () => {
    expect(checkName('  Alice  ')).toEqual({ ok: true, value: 'Alice' });
    expect(checkName('x'.repeat(50))).toEqual({ ok: true, value: 'x'.repeat(50) });
    expect(checkName('   ')).toEqual({ ok: false, error: 'The name is empty.' });
    expect(checkName('x'.repeat(51))).toEqual({
      ok: false,
      error: 'The name is longer than 50 characters (51).',
    });
    expect(checkName('a\nb')).toEqual({
      ok: false,
      error: 'The name holds a line break, a tab or another control character.',
    });
    expect(checkName('<img src=x onerror=alert(1)>')).toEqual({
      ok: true,
      value: '<img src=x onerror=alert(1)>',
    });
  });

  it('takes a chain id that is a positive decimal integer', () => {
    expect(checkChainId(' 137 ')).toEqual({ ok: true, value: '137' });
    for (const bad of ['0', '-1', '1.0', '0x89', '01', '1e3', 'one'])
      expect(checkChainId(bad).ok, bad).toBe(false);
  });
});
