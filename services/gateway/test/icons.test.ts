import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { iconLetters, iconPath, renderIcon } from '../src/assets/icons';

const dev = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788';

/** The PNG read back with nothing of the writer's: chunks, CRCs, and the RGBA pixels of filter-0 rows. */
function decodePng(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  let at = 8;
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    let crc = 0xffffffff;
    for (const byte of bytes.subarray(at + 4, at + 8 + length)) {
      crc ^= byte;
      for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    }
    expect(bytes.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe((crc ^ 0xffffffff) >>> 0);
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  expect([...header.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
  const raw = inflateSync(chunks[1]!.data);
  expect(raw.length).toBe(height * (width * 4 + 1));
  const pixel = (x: number, y: number) => {
    const row = y * (width * 4 + 1);
    expect(raw[row]).toBe(0);
    return [...raw.subarray(row + 1 + x * 4, row + 1 + x * 4 + 4)];
  };
  return { width, height, pixel };
}

describe('generated token icons', () => {
  it('are served as PNG under the token’s checksummed address', () => {
    expect(iconPath('1337', dev.toLowerCase())).toBe(`/v1/icons/1337/${dev}.png`);
  });

  it('show up to three letters or digits, upper case, accents dropped, "?" for none', () => {
    expect(iconLetters('DEV')).toBe('DEV');
    expect(iconLetters('wBTC')).toBe('WBT');
    expect(iconLetters('1inch')).toBe('1IN');
    expect(iconLetters('Éclair')).toBe('ECL');
    expect(iconLetters('<img src=x>')).toBe('IMG');
    expect(iconLetters('Ω')).toBe('?');
    expect(iconLetters('')).toBe('?');
    expect(iconLetters(null)).toBe('?');
  });

  it('draw a 64 × 64 disc in the token’s colour with white letters, transparent outside', () => {
    const png = renderIcon({ chainId: '1337', address: dev, symbol: 'DEV' });
    const { width, height, pixel } = decodePng(Buffer.from(png));
    expect([width, height]).toEqual([64, 64]);
    expect(pixel(0, 0)[3]).toBe(0);
    expect(pixel(63, 63)[3]).toBe(0);
    // Left of the letters, inside the disc: the disc's colour, opaque.
    const disc = pixel(4, 32);
    expect(disc[3]).toBe(255);
    expect(disc.slice(0, 3)).not.toEqual([255, 255, 255]);
    // Some opaque white along the middle row: the letters' strokes.
    const row = Array.from({ length: 64 }, (_, x) => pixel(x, 32));
    expect(row.some(([r, g, b, a]) => r === 255 && g === 255 && b === 255 && a === 255)).toBe(true);
  });

  it('are the same for the same token and differ between tokens', () => {
    const once = renderIcon({ chainId: '1337', address: dev, symbol: 'DEV' });
    expect(renderIcon({ chainId: '1337', address: dev.toLowerCase(), symbol: 'DEV' })).toEqual(once);
    expect(renderIcon({ chainId: '1337', address: `0x${'1'.repeat(40)}`, symbol: 'DEV' })).not.toEqual(once);
    expect(renderIcon({ chainId: '1337', address: dev, symbol: 'XYZ' })).not.toEqual(once);
  });
});
