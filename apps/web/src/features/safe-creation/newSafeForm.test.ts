import { describe, expect, it } from 'vitest';
import { CASE_SHORT_NAME, addressInputCases, expectedOutcome } from '../../lib/addressInputCases';
import {
  MAX_UINT256,
  checkName,
  checkNewSafe,
  checkOwnerAddress,
  checkSaltNonce,
  checkThreshold,
  clampThreshold,
  initialDraft,
  randomSaltNonce,
  type NewSafeDraft,
} from './newSafeForm';

// anvil's first dev accounts (owner A and owner B of the demo).
const ownerA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ownerB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const draft = (overrides: Partial<NewSafeDraft> = {}): NewSafeDraft => ({
  name: 'Team',
  owners: [
    { id: 'a', name: 'Alice', address: ownerA },
    { id: 'b', name: 'Bob', address: ownerB },
  ],
  threshold: 2,
  saltNonce: '42',
  version: '1.4.1',
  ...overrides,
});

describe('owner addresses', () => {
  it.each(addressInputCases)('reads the shared address case "$name"', (testCase) => {
    expect(checkOwnerAddress(testCase.input, CASE_SHORT_NAME)).toEqual(
      expectedOutcome(testCase, {
        empty: "Enter the owner's address.",
        format: 'Not a valid address: 0x followed by 40 hexadecimal characters.',
      }),
    );
  });

  it('checksums an address typed in any letter case', () => {
    expect(checkOwnerAddress(ownerA.toLowerCase(), 'local')).toEqual({ ok: true, value: ownerA });
    expect(checkOwnerAddress(`  ${ownerA.toUpperCase().replace('0X', '0x')}  `, 'local')).toEqual({
      ok: true,
      value: ownerA,
    });
  });

  it("accepts this chain's short-name prefix and refuses another chain's", () => {
    expect(checkOwnerAddress(`local:${ownerA}`, 'local')).toEqual({ ok: true, value: ownerA });
    expect(checkOwnerAddress(`LOCAL:${ownerA}`, 'local')).toEqual({ ok: true, value: ownerA });
    expect(checkOwnerAddress(`eth:${ownerA}`, 'local')).toEqual({
      ok: false,
      error: 'This address is for the chain "eth", not local.',
    });
  });

  it('says what is wrong with an empty, short or non-hex address', () => {
    expect(checkOwnerAddress('', 'local')).toEqual({ ok: false, error: "Enter the owner's address." });
    expect(checkOwnerAddress('0x1234', 'local')).toMatchObject({ ok: false, error: /Not a valid address/ });
    expect(checkOwnerAddress(`0x${'g'.repeat(40)}`, 'local')).toMatchObject({ ok: false });
    expect(checkOwnerAddress('vitalik.eth', 'local')).toMatchObject({ ok: false });
  });

  it('refuses the addresses the Safe itself refuses as owners', () => {
    expect(checkOwnerAddress(`0x${'0'.repeat(40)}`, 'local')).toMatchObject({ ok: false });
    expect(checkOwnerAddress(`0x${'0'.repeat(39)}1`, 'local')).toMatchObject({ ok: false });
    expect(checkOwnerAddress(`0x${'0'.repeat(39)}2`, 'local')).toMatchObject({ ok: true });
  });
});

describe('names', () => {
  it('are optional, trimmed, one line and at most 50 characters', () => {
    expect(checkName('')).toEqual({ ok: true, value: '' });
    expect(checkName('  Alice  ')).toEqual({ ok: true, value: 'Alice' });
    expect(checkName('a'.repeat(50))).toEqual({ ok: true, value: 'a'.repeat(50) });
    expect(checkName('a'.repeat(51))).toMatchObject({ ok: false, error: /at most 50 characters/ });
    expect(checkName('Ali\nce')).toMatchObject({ ok: false, error: /control character/ });
  });
});

describe('salt nonce', () => {
  it('is a whole decimal number from 0 to 2^256 - 1', () => {
    expect(checkSaltNonce('0')).toEqual({ ok: true, value: 0n });
    expect(checkSaltNonce(' 0042 ')).toEqual({ ok: true, value: 42n });
    expect(checkSaltNonce(MAX_UINT256.toString())).toEqual({ ok: true, value: MAX_UINT256 });
    expect(checkSaltNonce((MAX_UINT256 + 1n).toString())).toMatchObject({ ok: false, error: /larger than/ });
  });

  it('refuses hex, signs, decimals and blanks', () => {
    for (const input of ['0x2a', '-1', '+1', '1.5', '1e3', '1 000', 'abc']) {
      expect(checkSaltNonce(input), input).toMatchObject({ ok: false, error: /digits 0 to 9/ });
    }
    expect(checkSaltNonce('  ')).toMatchObject({ ok: false, error: /Enter a salt nonce/ });
  });

  it('is random by default: 64 bits written in decimal', () => {
    expect(randomSaltNonce(() => new Uint8Array(8).fill(0xff))).toBe((2n ** 64n - 1n).toString());
    expect(randomSaltNonce(() => new Uint8Array([0, 0, 0, 0, 0, 0, 1, 0]))).toBe('256');
    const values = new Set(Array.from({ length: 20 }, () => randomSaltNonce()));
    expect(values.size).toBe(20);
    for (const value of values) expect(checkSaltNonce(value).ok).toBe(true);
  });
});

describe('threshold', () => {
  it('goes from 1 to the number of owners', () => {
    expect(checkThreshold(1, 1)).toEqual({ ok: true, value: 1 });
    expect(checkThreshold(3, 3)).toEqual({ ok: true, value: 3 });
    expect(checkThreshold(0, 3)).toMatchObject({ ok: false, error: 'Choose a threshold from 1 to 3.' });
    expect(checkThreshold(4, 3)).toMatchObject({ ok: false });
    expect(checkThreshold(1.5, 3)).toMatchObject({ ok: false });
    expect(checkThreshold(2, 1)).toMatchObject({ ok: false, error: 'With one owner, the threshold is 1.' });
  });

  it('is brought back within range when owners are removed', () => {
    expect(clampThreshold(3, 2)).toBe(2);
    expect(clampThreshold(2, 3)).toBe(2);
    expect(clampThreshold(0, 3)).toBe(1);
    expect(clampThreshold(Number.NaN, 3)).toBe(1);
    expect(clampThreshold(1, 0)).toBe(1);
  });
});

describe('the whole form', () => {
  it('gives the setup when every rule holds', () => {
    expect(checkNewSafe(draft(), 'local')).toEqual({
      ok: true,
      value: {
        name: 'Team',
        owners: [
          { address: ownerA, name: 'Alice' },
          { address: ownerB, name: 'Bob' },
        ],
        threshold: 2,
        saltNonce: 42n,
        version: '1.4.1',
      },
    });
    expect(checkNewSafe(draft({ version: '1.5.0' }), 'local')).toMatchObject({ value: { version: '1.5.0' } });
  });

  it('refuses an owner listed twice, in any letter case, on the later row', () => {
    const result = checkNewSafe(
      draft({
        owners: [
          { id: 'a', name: '', address: ownerA },
          { id: 'b', name: '', address: ownerB },
          { id: 'c', name: '', address: ownerA.toLowerCase() },
        ],
      }),
      'local',
    );
    expect(result).toEqual({
      ok: false,
      errors: { owners: { c: { address: 'Owner 1 already has this address: each owner is listed once.' } } },
    });
  });

  it("collects each field's error by field, owners by their id", () => {
    const result = checkNewSafe(
      {
        name: 'x'.repeat(60),
        owners: [
          { id: 'a', name: 'A\tB', address: ownerA },
          { id: 'b', name: '', address: '0x12' },
        ],
        threshold: 3,
        saltNonce: '-1',
        version: '1.4.1',
      },
      'local',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors.owners)).toEqual(['a', 'b']);
    expect(result.errors.owners.a).toEqual({ name: expect.stringMatching(/control character/) });
    expect(result.errors.owners.b).toEqual({ address: expect.stringMatching(/Not a valid address/) });
    expect(result.errors.name).toMatch(/at most 50/);
    expect(result.errors.threshold).toBe('Choose a threshold from 1 to 2.');
    expect(result.errors.saltNonce).toMatch(/digits 0 to 9/);
  });

  it('starts with one empty owner, threshold 1 and a random salt nonce', () => {
    const initial = initialDraft();
    expect(initial.owners).toHaveLength(1);
    expect(initial.owners[0]).toMatchObject({ name: '', address: '' });
    expect(initial.threshold).toBe(1);
    expect(checkSaltNonce(initial.saltNonce).ok).toBe(true);
    expect(initialDraft().owners[0]!.id).not.toBe(initial.owners[0]!.id);
    expect(checkNewSafe(initial, 'local')).toMatchObject({
      ok: false,
      errors: { owners: { [initial.owners[0]!.id]: { address: "Enter the owner's address." } } },
    });
  });
});
