import { isPairingUri } from './connector';

/** RGBA pixels, four bytes each, as ImageData holds them and the QR decoder reads them. */
export type Pixels = { width: number; height: number; data: Uint8ClampedArray | Uint8Array };

/** Reads the QR code in the pixels, or throws when it finds none. */
export type QrDecoder = (pixels: Pixels, options?: { cropToSquare?: boolean }) => string;

/** Turns an image file into its pixels (in the browser: pixelsOfImage in qrImage.ts). */
export type ImagePixelReader = (image: Blob) => Promise<Pixels>;

export type QrReading = { ok: true; uri: string } | { ok: false; error: string };

export const NO_QR_CODE = 'No QR code found in this image.';
export const NOT_A_PAIRING_QR = 'This QR code is not a WalletConnect link.';

/** Larger files are refused before anything decodes them: a dapp's QR code fits in far less. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The WalletConnect link a QR code holds. Other text is never returned: it is not shown anywhere. */
export function readPairingQr(
  pixels: Pixels,
  decode: QrDecoder,
  options?: { cropToSquare?: boolean },
): QrReading {
  let text: string | undefined;
  // The decoder misses about one code in a hundred at a given size and finds it at half the size:
  // a second look costs a quarter of the first.
  for (const candidate of [pixels, halved(pixels)]) {
    if (!candidate) continue;
    try {
      text = decode(candidate, options);
      break;
    } catch {
      // the next size, if any
    }
  }
  if (text === undefined) return { ok: false, error: NO_QR_CODE };
  const uri = text.trim();
  return isPairingUri(uri) ? { ok: true, uri } : { ok: false, error: NOT_A_PAIRING_QR };
}

/** The pixels at half their width and height (each 2×2 block averaged); none when too small. */
export function halved(pixels: Pixels): Pixels | undefined {
  const width = Math.floor(pixels.width / 2);
  const height = Math.floor(pixels.height / 2);
  if (width < 21 || height < 21) return undefined;
  const data = new Uint8ClampedArray(width * height * 4);
  const source = pixels.data;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let channel = 0; channel < 4; channel++) {
        const at = (dy: number, dx: number) =>
          source[((2 * y + dy) * pixels.width + 2 * x + dx) * 4 + channel] ?? 0;
        data[(y * width + x) * 4 + channel] = (at(0, 0) + at(0, 1) + at(1, 0) + at(1, 1)) / 4;
      }
  return { width, height, data };
}

export const DECODER_NOT_LOADED = 'The QR code reader could not load: reload the page, or paste the link.';

let decoder: Promise<QrDecoder> | undefined;

/** The decoder, loaded on first use: it is a chunk of its own, not part of the page's first one. */
export function loadQrDecoder(): Promise<QrDecoder> {
  decoder ??= import('qr/decode.js').then(
    ({ default: decodeQR }): QrDecoder =>
      (pixels, options) =>
        decodeQR(pixels, options),
    (error: unknown) => {
      decoder = undefined;
      throw error;
    },
  );
  return decoder;
}

/** The WalletConnect link in a pasted, dropped or chosen image (a screenshot of the dapp's QR code). */
export async function readPairingQrImage(
  image: Blob,
  readPixels: ImagePixelReader,
  loadDecoder: () => Promise<QrDecoder> = loadQrDecoder,
): Promise<QrReading> {
  if (!image.type.startsWith('image/')) return { ok: false, error: 'This file is not an image.' };
  if (image.size > MAX_IMAGE_BYTES)
    return { ok: false, error: 'This image is larger than 10 MB: crop it to the QR code.' };
  const [pixels, decode] = await Promise.allSettled([readPixels(image), loadDecoder()]);
  if (pixels.status === 'rejected') return { ok: false, error: 'This image could not be read.' };
  if (decode.status === 'rejected') return { ok: false, error: DECODER_NOT_LOADED };
  return readPairingQr(pixels.value, decode.value);
}

/** The first image among pasted or dropped files (a screenshot copied to the clipboard is one). */
export function imageFileOf(transfer: DataTransfer | null): File | undefined {
  if (!transfer) return undefined;
  const fromFiles = Array.from(transfer.files).find((file) => file.type.startsWith('image/'));
  if (fromFiles) return fromFiles;
  for (const item of Array.from(transfer.items ?? [])) {
    if (item.kind !== 'file' || !item.type.startsWith('image/')) continue;
    const file = item.getAsFile();
    if (file) return file;
  }
  return undefined;
}
