import { getAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { checksumAddress, isAddressText } from './address';

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
