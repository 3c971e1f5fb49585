/**
 * The "blockies" identicon most Ethereum wallets show for an address (Safe{Wallet}, MetaMask's
 * legacy avatar, Etherscan): an 8 × 8 mirrored grid in three colours, seeded from the lower-case
 * address, so owners recognise the same picture here as there.
 */
export type Identicon = {
  /** 64 cells, row by row: 0 background, 1 colour, 2 spot colour. */
  cells: number[];
  color: string;
  background: string;
  spot: string;
  /** The picture as an 8 × 8 bitmap (a `data:image/bmp` URL) for an `<img>`: see identiconImage. */
  image: string;
};

type Hsl = { hue: number; saturation: number; lightness: number };

const SIZE = 8;

function seededRandom(seed: string): () => number {
  // Four 32-bit words of xorshift state; `| 0` keeps each word a signed 32-bit integer.
  const state = [0, 0, 0, 0];
  for (let i = 0; i < seed.length; i++) {
    const word = state[i % 4] ?? 0;
    state[i % 4] = ((word << 5) - word + seed.charCodeAt(i)) | 0;
  }
  let [a, b, c, d] = state as [number, number, number, number];
  return () => {
    const t = a ^ (a << 11);
    a = b;
    b = c;
    c = d;
    d = d ^ (d >> 19) ^ t ^ (t >> 8);
    return (d >>> 0) / ((1 << 31) >>> 0);
  };
}

function colorFrom(random: () => number): Hsl {
  const hue = Math.floor(random() * 360);
  const saturation = random() * 60 + 40;
  const lightness = (random() + random() + random() + random()) * 25;
  return { hue, saturation, lightness };
}

const css = ({ hue, saturation, lightness }: Hsl) =>
  `hsl(${hue} ${saturation.toFixed(1)}% ${lightness.toFixed(1)}%)`;

/** The colour as 0–255 red, green and blue (the CSS Color 4 conversion). */
function rgbOf({ hue, saturation, lightness }: Hsl): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255);
  };
  return [channel(0), channel(8), channel(4)];
}

/**
 * The cells as a 24-bit BMP (the simplest bitmap a browser decodes: a 54-byte header, then the
 * pixels): shown scaled with `image-rendering: pixelated`. A list of addresses then paints a small
 * cached image per row, where an inline SVG cost a vector layout and paint of its own each time a row
 * entered the view.
 */
function identiconImage(cells: readonly number[], palette: readonly [number, number, number][]): string {
  const rowBytes = SIZE * 3; // 24: already a multiple of 4, so rows need no padding
  const bytes = new Uint8Array(54 + rowBytes * SIZE);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]); // "BM"
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, 54, true); // where the pixels start
  view.setUint32(14, 40, true); // BITMAPINFOHEADER
  view.setInt32(18, SIZE, true);
  view.setInt32(22, -SIZE, true); // negative: rows top to bottom
  view.setUint16(26, 1, true); // planes
  view.setUint16(28, 24, true); // bits per pixel
  view.setUint32(34, rowBytes * SIZE, true);
  cells.forEach((cell, index) => {
    const [red, green, blue] = palette[cell] ?? [0, 0, 0];
    bytes.set([blue, green, red], 54 + index * 3);
  });
  return `data:image/bmp;base64,${btoa(String.fromCharCode(...bytes))}`;
}

const cache = new Map<string, Identicon>();

export function identicon(address: string): Identicon {
  const seed = address.toLowerCase();
  const cached = cache.get(seed);
  if (cached) return cached;
  const random = seededRandom(seed);
  const color = colorFrom(random);
  const background = colorFrom(random);
  const spot = colorFrom(random);
  const cells: number[] = [];
  const half = Math.ceil(SIZE / 2);
  for (let y = 0; y < SIZE; y++) {
    const row: number[] = [];
    for (let x = 0; x < half; x++) row.push(Math.floor(random() * 2.3));
    cells.push(...row, ...row.slice(0, SIZE - half).reverse());
  }
  const result = {
    cells,
    color: css(color),
    background: css(background),
    spot: css(spot),
    image: identiconImage(cells, [rgbOf(background), rgbOf(color), rgbOf(spot)]),
  };
  if (cache.size > 500) cache.clear();
  cache.set(seed, result);
  return result;
}
