import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { accountThere } from './sameAccount';

const a: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const b: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const c: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('the account at the same address on another chain', () => {
  const own = { owners: [a, b, c], threshold: 2 };
  it('is the same only with the same owners (in any order or case) and threshold', () => {
    expect(accountThere(own, { owners: [c, a, b.toLowerCase() as Address], threshold: 2 })).toBe('same');
    expect(accountThere(own, { owners: [a, b, c], threshold: 1 })).toBe('different');
    expect(accountThere(own, { owners: [a, b], threshold: 2 })).toBe('different');
    expect(
      accountThere(own, { owners: [a, b, '0x000000000000000000000000000000000000bEEF'], threshold: 2 }),
    ).toBe('different');
  });
  it('is none where no Safe answers', () => {
    expect(accountThere(own, undefined)).toBe('none');
    expect(accountThere(own, { owners: [], threshold: 0 })).toBe('none');
  });
});
