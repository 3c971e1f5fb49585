import { describe, expect, it } from 'vitest';
import { CASE_SHORT_NAME, addressInputCases, expectedOutcome } from '../../../lib/addressInputCases';
import {
  checkAddress,
  checkFallbackHandler,
  checkGuard,
  checkHexData,
  checkNewModule,
  checkNewOwner,
  checkRecipient,
  checkSendAmount,
  parseTokenAmount,
  tokenText,
} from './checks';

const SAFE = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('checkAddress', () => {
  it('checksums an address in one letter case', () => {
    expect(checkAddress(ALICE.toLowerCase())).toEqual({ ok: true, value: ALICE });
    expect(checkAddress(`0x${ALICE.slice(2).toUpperCase()}`)).toEqual({ ok: true, value: ALICE });
    expect(checkAddress(`  ${ALICE} `)).toEqual({ ok: true, value: ALICE });
  });

  it('refuses a mixed-case address with a wrong checksum', () => {
    const wrong = ALICE.replace('C8', 'c8');
    const result = checkAddress(wrong);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/checksum .* is wrong/);
  });

  it('says what is wrong with an empty, short or non-hex address', () => {
    expect(checkAddress('')).toEqual({ ok: false, error: 'Enter an address.' });
    const invalid = { ok: false, error: 'Not a valid address: 0x followed by 40 hexadecimal characters.' };
    expect(checkAddress('0x1234')).toEqual(invalid);
    expect(checkAddress(`${ALICE}00`)).toEqual(invalid);
    expect(checkAddress(ALICE.replace('0x', '0g'))).toEqual(invalid);
  });

  it('accepts this chain’s prefix and refuses another’s', () => {
    expect(checkAddress(`local:${ALICE}`, 'local')).toEqual({ ok: true, value: ALICE });
    expect(checkAddress(`eth:${ALICE}`, 'local')).toEqual({
      ok: false,
      error: 'This address is for the chain "eth", not local.',
    });
  });
});

describe('every address field of the transaction forms', () => {
  const texts = {
    empty: 'Enter an address.',
    format: 'Not a valid address: 0x followed by 40 hexadecimal characters.',
  };
  const context = { safe: SAFE, shortName: CASE_SHORT_NAME, current: undefined } as const;
  const fields: Record<string, (input: string) => unknown> = {
    checkAddress: (input) => checkAddress(input, CASE_SHORT_NAME),
    checkRecipient: (input) => checkRecipient(input, SAFE, CASE_SHORT_NAME),
    checkNewOwner: (input) => checkNewOwner(input, { ...context, owners: [] }),
    checkNewModule: (input) => checkNewModule(input, { ...context, modules: [] }),
    checkGuard: (input) => checkGuard(input, context),
    checkModuleGuard: (input) => checkGuard(input, { ...context, which: 'module guard' }),
    checkFallbackHandler: (input) => checkFallbackHandler(input, context),
  };
  describe.each(Object.entries(fields))('%s reads the shared address cases', (_field, check) => {
    it.each(addressInputCases)('$name', (testCase) => {
      expect(check(testCase.input)).toMatchObject(expectedOutcome(testCase, texts));
    });
  });
});

describe('checkGuard', () => {
  it('names the guard it checks: the transaction guard or the module guard', () => {
    const zero = `0x${'0'.repeat(40)}`;
    expect(checkGuard(zero, { safe: SAFE, current: undefined })).toMatchObject({
      error: 'The zero address removes the guard: use Remove guard for that.',
    });
    expect(checkGuard(zero, { safe: SAFE, current: undefined, which: 'module guard' })).toMatchObject({
      error: 'The zero address removes the module guard: use Remove module guard for that.',
    });
    expect(checkGuard(ALICE, { safe: SAFE, current: ALICE, which: 'module guard' })).toMatchObject({
      error: 'This is already the Safe’s module guard.',
    });
  });
});

describe('checkRecipient', () => {
  it('warns, without refusing, when sending to the Safe itself or the zero address', () => {
    const self = checkRecipient(SAFE.toLowerCase(), SAFE);
    expect(self).toMatchObject({ ok: true, value: SAFE });
    expect(self.ok && self.warning).toMatch(/the Safe itself/);
    const zero = checkRecipient(`0x${'0'.repeat(40)}`, SAFE);
    expect(zero.ok && zero.warning).toMatch(/zero address/);
    expect(checkRecipient(ALICE, SAFE)).toEqual({ ok: true, value: ALICE });
  });
});

describe('parseTokenAmount', () => {
  const eth = { decimals: 18, symbol: 'ETH' };

  it('reads whole units exactly into base units', () => {
    expect(parseTokenAmount('1.5', eth)).toEqual({ ok: true, value: 1_500_000_000_000_000_000n });
    expect(parseTokenAmount('.5', eth)).toEqual({ ok: true, value: 500_000_000_000_000_000n });
    expect(parseTokenAmount('2.', eth)).toEqual({ ok: true, value: 2_000_000_000_000_000_000n });
    expect(parseTokenAmount('0.000000000000000001', eth)).toEqual({ ok: true, value: 1n });
    expect(parseTokenAmount('123456789012345678901234567890', { decimals: 0, symbol: 'X' })).toEqual({
      ok: true,
      value: 123456789012345678901234567890n,
    });
  });

  it('refuses more decimals than the token has', () => {
    expect(parseTokenAmount('0.0000000000000000001', eth)).toEqual({
      ok: false,
      error: 'ETH has 18 decimals: write at most 18 digits after the point.',
    });
    expect(parseTokenAmount('1.234', { decimals: 2, symbol: 'DUSD' })).toEqual({
      ok: false,
      error: 'DUSD has 2 decimals: write at most 2 digits after the point.',
    });
    expect(parseTokenAmount('1.5', { decimals: 0, symbol: 'PTS' })).toEqual({
      ok: false,
      error: 'PTS has no decimals: enter a whole number.',
    });
  });

  it('refuses empty, zero, negative and unreadable amounts', () => {
    expect(parseTokenAmount('', eth)).toEqual({ ok: false, error: 'Enter an amount.' });
    expect(parseTokenAmount('0.00', eth)).toEqual({ ok: false, error: 'Enter an amount greater than 0.' });
    expect(parseTokenAmount('0', { ...eth, allowZero: true })).toEqual({ ok: true, value: 0n });
    expect(parseTokenAmount('-1', eth)).toEqual({ ok: false, error: 'The amount cannot be negative.' });
    for (const text of ['1,5', '1e18', 'abc', '.', '1.2.3', '1 000'])
      expect(parseTokenAmount(text, eth)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^Write the amount/),
      });
  });
});

describe('checkSendAmount', () => {
  it('refuses an amount beyond the balance, and accepts the whole balance', () => {
    const token = { decimals: 6, symbol: 'DUSD', balance: 2_500_000n };
    expect(checkSendAmount('2.5', token)).toEqual({ ok: true, value: 2_500_000n });
    expect(checkSendAmount('2.500001', token)).toEqual({
      ok: false,
      error: 'That is more than the Safe holds: 2.5 DUSD.',
    });
    expect(checkSendAmount('2.5000001', token)).toMatchObject({ error: expect.stringMatching(/6 decimals/) });
    // The balance is written as the token list writes it: grouped, every decimal kept.
    expect(
      checkSendAmount('5000', { decimals: 18, symbol: 'DEV', balance: 4_750_250_000_000_000_000_000n }),
    ).toEqual({
      ok: false,
      error: 'That is more than the Safe holds: 4,750.25 DEV.',
    });
  });
});

describe('checkHexData', () => {
  it('reads hex data, empty as none', () => {
    expect(checkHexData('')).toEqual({ ok: true, value: '0x' });
    expect(checkHexData('0xA9059CBB')).toEqual({ ok: true, value: '0xa9059cbb' });
    expect(checkHexData('0xa9 05')).toEqual({ ok: true, value: '0xa905' });
    expect(checkHexData('0xabc')).toMatchObject({ ok: false, error: expect.stringMatching(/odd number/) });
    expect(checkHexData('a9059cbb')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/starting with 0x/),
    });
  });
});

describe('tokenText', () => {
  it('drops control and invisible characters and shortens long symbols', () => {
    expect(tokenText('ETH\u202e\u200b')).toBe('ETH');
    expect(tokenText('A'.repeat(30))).toBe(`${'A'.repeat(23)}…`);
    expect(tokenText('  ')).toBe('tokens');
  });
});
