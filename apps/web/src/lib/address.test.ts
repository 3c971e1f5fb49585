import { getAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ADDRESS_INPUT_TEXTS, checksumAddress, isAddressText } from './address';
import { parseAddressInput } from './addressInput';
import { CASE_ADDRESS, CASE_SHORT_NAME, addressInputCases, expectedOutcome } from './addressInputCases';

describe('EIP-55 addresses', () => {
  it('checksums exactly as viem does', () => {
    for (let i = 1; i <= 200; i++) {
      const address = privateKeyToAddress(`0x${i.toString(16).padStart(64, '0')}`);
      expect(checksumAddress(address.toLowerCase() as `0x${string}`)).toBe(getAddress(address));
      expect(checksumAddress(address.toUpperCase().replace('0X', '0x') as `0x${string}`)).toBe(address);
    }
  });

  it('recognises a 20-byte hex address in any letter case only', () => {
    expect(isAddressText('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isAddressText('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isAddressText('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isAddressText('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });
});

describe('parseAddressInput', () => {
  it.each(addressInputCases)('$name', (testCase) => {
    const result = parseAddressInput(testCase.input, { shortName: CASE_SHORT_NAME });
    expect(result).toMatchObject(expectedOutcome(testCase, ADDRESS_INPUT_TEXTS));
    if (!('value' in testCase.expected)) expect(result).toMatchObject({ problem: testCase.expected.problem });
  });

  it('says the words a field gives it, and names this chain when no short name is known', () => {
    expect(parseAddressInput('', { empty: 'Enter the owner.' })).toMatchObject({ error: 'Enter the owner.' });
    expect(parseAddressInput('0x12', { format: 'Nope.' })).toMatchObject({ error: 'Nope.' });
    expect(parseAddressInput(`eth:${CASE_ADDRESS}`, { thisChain: 'the chosen one' })).toMatchObject({
      error: 'This address is for the chain "eth", not the chosen one.',
    });
    expect(parseAddressInput(`eth:${CASE_ADDRESS}`, { prefixed: false })).toMatchObject({
      problem: 'format',
    });
  });
});
