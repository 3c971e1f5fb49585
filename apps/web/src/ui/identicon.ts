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
};

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

function colorFrom(random: () => number): string {
  const hue = Math.floor(random() * 360);
  const saturation = random() * 60 + 40;
  const lightness = (random() + random() + random() + random()) * 25;
  return `hsl(${hue} ${saturation.toFixed(1)}% ${lightness.toFixed(1)}%)`;
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
  const result = { cells, color, background, spot };
  if (cache.size > 500) cache.clear();
  cache.set(seed, result);
  return result;
}

export const IDENTICON_GRID = SIZE;
