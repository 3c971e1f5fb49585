import { describe, expect, it } from 'vitest';
import { identicon } from './identicon';

describe('identicon', () => {
  const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('is the same picture whatever the letter case', () => {
    expect(identicon(address)).toEqual(identicon(address.toLowerCase()));
  });

  it('is an 8 × 8 grid mirrored left to right, in three colours', () => {
    const { cells } = identicon(address);
    expect(cells).toHaveLength(64);
    for (let row = 0; row < 8; row++) {
      const line = cells.slice(row * 8, row * 8 + 8);
      expect(line).toEqual([...line].reverse());
    }
    expect(new Set(cells).size).toBeLessThanOrEqual(3);
    expect(cells.every((cell) => cell === 0 || cell === 1 || cell === 2)).toBe(true);
  });

  it('differs between addresses', () => {
    const other = identicon('0x0000000000000000000000000000000000000001');
    expect(other).not.toEqual(identicon(address));
  });
});
