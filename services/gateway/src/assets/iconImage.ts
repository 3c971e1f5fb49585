import { deflateSync } from 'node:zlib';

/**
 * Draws a generated token icon as a PNG: a disc in one colour with up to three letters or digits in
 * white, in a small stroke font of this gateway's own. A bitmap, as the logos a real gateway serves
 * are: the web shows it as a cached image, where an SVG icon with text was laid out and drawn anew in
 * every `<img>` of a list (a cost each history row paid as it scrolled into view).
 */

/** Polylines on a grid 4 wide and 6 tall (y down). A one-point line is a dot. */
type Glyph = readonly (readonly (readonly [number, number])[])[];

const O: Glyph = [
  [
    [1, 0],
    [3, 0],
    [4, 1],
    [4, 5],
    [3, 6],
    [1, 6],
    [0, 5],
    [0, 1],
    [1, 0],
  ],
];
const P: Glyph = [
  [
    [0, 6],
    [0, 0],
    [3, 0],
    [4, 1],
    [4, 2],
    [3, 3],
    [0, 3],
  ],
];

// prettier-ignore
const GLYPHS: Record<string, Glyph> = {
  A: [[[0, 6], [0, 2], [2, 0], [4, 2], [4, 6]], [[0, 4], [4, 4]]],
  B: [[[0, 3], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3], [0, 6], [3, 6], [4, 5], [4, 4], [3, 3]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  D: [[[0, 0], [0, 6], [2, 6], [4, 4], [4, 2], [2, 0], [0, 0]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  G: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 3], [2, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  I: [[[1, 0], [3, 0]], [[2, 0], [2, 6]], [[1, 6], [3, 6]]],
  J: [[[4, 0], [4, 5], [3, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 4]], [[1, 3], [4, 6]]],
  L: [[[0, 0], [0, 6], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  O,
  P,
  Q: [...O, [[2, 4], [4, 6]]],
  R: [...P, [[2, 3], [4, 6]]],
  S: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 2], [1, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 3], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
  Z: [[[0, 0], [4, 0], [0, 6], [4, 6]]],
  '0': [...O, [[3, 1], [1, 5]]],
  '1': [[[1, 1], [2, 0], [2, 6]], [[1, 6], [3, 6]]],
  '2': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  '3': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]], [[1, 3], [3, 3]]],
  '4': [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  '5': [[[4, 0], [0, 0], [0, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  '6': [[[3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]]],
  '7': [[[0, 0], [4, 0], [1, 6]]],
  '8': [[[1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1, 3], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3]]],
  '9': [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6]]],
  '?': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [2, 3], [2, 4]], [[2, 6]]],
};

/** The characters the icon font can draw. */
export const drawableCharacter = (char: string): boolean => Object.hasOwn(GLYPHS, char);

const SIZE = 64;
/** Samples per pixel along each axis, for smooth edges. */
const SAMPLES = 4;

type Segment = readonly [number, number, number, number];

/** The letters as line segments in pixels, centred in the disc. */
function layout(letters: string): { segments: Segment[]; halfWidth: number } {
  const chars = Array.from(letters).filter(drawableCharacter);
  const advance = 6; // a glyph's 4 units and 2 of space
  const width = chars.length * advance - 2;
  // As large as fits: 30 px tall for one or two letters, narrower for three.
  const scale = Math.min(5, 38 / width);
  const left = (SIZE - width * scale) / 2;
  const top = (SIZE - 6 * scale) / 2;
  const segments: Segment[] = [];
  chars.forEach((char, index) => {
    for (const line of GLYPHS[char] ?? []) {
      const points = line.map(([x, y]) => [left + (index * advance + x) * scale, top + y * scale] as const);
      // A one-point line is a dot: a segment from the point to itself.
      const [first] = points;
      if (points.length === 1 && first) segments.push([first[0], first[1], first[0], first[1]]);
      points.forEach((to, i) => {
        const from = points[i - 1];
        if (from) segments.push([from[0], from[1], to[0], to[1]]);
      });
    }
  });
  return { segments, halfWidth: Math.max(1.5, scale * 0.55) };
}

function distanceToSegment(px: number, py: number, [x1, y1, x2, y2]: Segment): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / length));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/** The icon's RGBA pixels: the disc in `rgb`, the letters white, outside the disc transparent. */
function pixels(letters: string, rgb: readonly [number, number, number]): Uint8Array {
  const { segments, halfWidth } = layout(letters);
  // Only samples near the letters are tested against their strokes.
  const xs = segments.flatMap(([x1, , x2]) => [x1, x2]);
  const ys = segments.flatMap(([, y1, , y2]) => [y1, y2]);
  const [minX, maxX] = [Math.min(...xs) - halfWidth, Math.max(...xs) + halfWidth];
  const [minY, maxY] = [Math.min(...ys) - halfWidth, Math.max(...ys) + halfWidth];
  const out = new Uint8Array(SIZE * SIZE * 4);
  const radius = SIZE / 2;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let disc = 0;
      let ink = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const px = x + (sx + 0.5) / SAMPLES;
          const py = y + (sy + 0.5) / SAMPLES;
          if (Math.hypot(px - radius, py - radius) > radius) continue;
          disc++;
          const near = px >= minX && px <= maxX && py >= minY && py <= maxY;
          if (near && segments.some((segment) => distanceToSegment(px, py, segment) <= halfWidth)) ink++;
        }
      }
      if (disc === 0) continue;
      const share = ink / disc;
      const offset = (y * SIZE + x) * 4;
      rgb.forEach((value, channel) => {
        out[offset + channel] = Math.round(value * (1 - share) + 255 * share);
      });
      out[offset + 3] = Math.round((disc / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 64 × 64 PNG of the disc and the letters (those the font cannot draw are left out). */
export function iconPng(letters: string, rgb: readonly [number, number, number]): Uint8Array<ArrayBuffer> {
  const rgba = pixels(letters, rgb);
  // Each row is preceded by its filter type: 0, none.
  const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let y = 0; y < SIZE; y++) {
    raw[y * (SIZE * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * SIZE * 4, (y + 1) * SIZE * 4), y * (SIZE * 4 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter method, no interlace
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array(0)),
    ]),
  );
}
