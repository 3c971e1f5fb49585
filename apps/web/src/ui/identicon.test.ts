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

  it('is drawn as an 8 × 8 bitmap whose pixels follow the cells', () => {
    const { cells, image } = identicon(address);
    expect(image.startsWith('data:image/bmp;base64,')).toBe(true);
    const bytes = Uint8Array.from(atob(image.slice('data:image/bmp;base64,'.length)), (c) => c.charCodeAt(0));
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('BM');
    expect(view.getUint32(2, true)).toBe(bytes.length);
    expect(bytes.length).toBe(54 + 64 * 3);
    expect([view.getInt32(18, true), view.getInt32(22, true), view.getUint16(28, true)]).toEqual([8, -8, 24]);
    const pixel = (index: number) => Array.from(bytes.slice(54 + index * 3, 57 + index * 3)).join(',');
    const colourOfCell = new Map<number, string>();
    cells.forEach((cell, index) => {
      const colour = colourOfCell.get(cell) ?? pixel(index);
      colourOfCell.set(cell, colour);
      expect(pixel(index)).toBe(colour);
    });
    expect(new Set(colourOfCell.values()).size).toBe(colourOfCell.size);
  });

  it('gives the bitmap the colours the CSS names', () => {
    // hsl(0 100% 50%) is pure red: the conversion is checked on one colour anyone can verify.
    const black = '0x0000000000000000000000000000000000000000';
    const { background, image } = identicon(black);
    const match = /^hsl\((\d+) ([\d.]+)% ([\d.]+)%\)$/.exec(background);
    expect(match).not.toBeNull();
    const bytes = Uint8Array.from(atob(image.split(',')[1]!), (c) => c.charCodeAt(0));
    const { cells } = identicon(black);
    const index = cells.indexOf(0);
    const [blue, green, red] = Array.from(bytes.slice(54 + index * 3, 57 + index * 3));
    const [h, s, l] = [Number(match![1]), Number(match![2]) / 100, Number(match![3]) / 100];
    const f = (n: number) => {
      const k = (n + h / 30) % 12;
      return Math.round((l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
    };
    // The CSS string rounds to one decimal: allow one step either way.
    for (const [got, want] of [
      [red, f(0)],
      [green, f(8)],
      [blue, f(4)],
    ] as const)
      expect(Math.abs(got! - want)).toBeLessThanOrEqual(1);
  });
});
