import encodeQR from 'qr';
import type { Pixels } from './qrScan';

/** Test material: a pairing link shaped as a dapp's, and a real QR code drawn as RGBA pixels. */
export const pairingUri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`;

/** A real QR code of `text` as RGBA pixels: black modules on white, `scale` pixels each, with a margin. */
export function qrPixels(text: string, scale = 4, margin = 8): Pixels {
  const modules = encodeQR(text, 'raw');
  const side = modules.length * scale + 2 * margin;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = ((margin + y * scale + dy) * side + margin + x * scale + dx) * 4;
          data.fill(0, at, at + 3);
        }
    }),
  );
  return { width: side, height: side, data };
}
