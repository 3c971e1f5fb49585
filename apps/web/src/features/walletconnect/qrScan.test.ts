import { describe, expect, it } from 'vitest';
import {
  DECODER_NOT_LOADED,
  loadQrDecoder,
  MAX_IMAGE_BYTES,
  NO_QR_CODE,
  NOT_A_PAIRING_QR,
  readPairingQr,
  readPairingQrImage,
  type Pixels,
} from './qrScan';
import { pairingUri, qrPixels } from './qrTestPixels';

const blank = (side = 64): Pixels => ({
  width: side,
  height: side,
  data: new Uint8ClampedArray(side * side * 4).fill(255),
});

describe('readPairingQr', () => {
  it('reads the WalletConnect link a QR code holds', async () => {
    const decode = await loadQrDecoder();
    expect(readPairingQr(qrPixels(pairingUri), decode)).toEqual({ ok: true, uri: pairingUri });
    expect(readPairingQr(qrPixels(pairingUri), decode, { cropToSquare: true })).toEqual({
      ok: true,
      uri: pairingUri,
    });
  });

  it('reads every one of 150 links, looking again at half the size where the first look misses', async () => {
    const decode = await loadQrDecoder();
    // Links with varied bytes, the same on every run (the decoder misses a few codes at one size).
    let seed = 7;
    const hex = (length: number) =>
      Array.from({ length }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 16).toString(16)).join(
        '',
      );
    const links = Array.from(
      { length: 150 },
      (_, i) => `wc:${hex(64)}@2?relay-protocol=irn&symKey=${hex(64)}&expiryTimestamp=${1795742409 + i}`,
    );
    const missedAtFirst = links.filter((link) => {
      try {
        return decode(qrPixels(link)) !== link;
      } catch {
        return true;
      }
    });
    expect(missedAtFirst.length).toBeGreaterThan(0);
    for (const link of links) expect(readPairingQr(qrPixels(link), decode)).toEqual({ ok: true, uri: link });
  });

  it('says when an image holds no QR code', async () => {
    expect(readPairingQr(blank(), await loadQrDecoder())).toEqual({ ok: false, error: NO_QR_CODE });
  });

  it('refuses a QR code that is not a WalletConnect link, without returning its text', async () => {
    const reading = readPairingQr(qrPixels('https://evil.example/<script>'), await loadQrDecoder());
    expect(reading).toEqual({ ok: false, error: NOT_A_PAIRING_QR });
    expect(readPairingQr(qrPixels('wc:not-a-pairing-link'), await loadQrDecoder())).toEqual({
      ok: false,
      error: NOT_A_PAIRING_QR,
    });
  });
});

describe('readPairingQrImage', () => {
  const png = (bytes = 16) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });

  it('decodes the pixels the reader gives', async () => {
    expect(await readPairingQrImage(png(), async () => qrPixels(pairingUri))).toEqual({
      ok: true,
      uri: pairingUri,
    });
  });

  it('refuses a file that is no image, or larger than 10 MB, before reading it', async () => {
    const reader = async (): Promise<Pixels> => {
      throw new Error('must not be read');
    };
    expect(await readPairingQrImage(new Blob(['wc:'], { type: 'text/plain' }), reader)).toEqual({
      ok: false,
      error: 'This file is not an image.',
    });
    expect(await readPairingQrImage(png(MAX_IMAGE_BYTES + 1), reader)).toEqual({
      ok: false,
      error: 'This image is larger than 10 MB: crop it to the QR code.',
    });
  });

  it('says when the image cannot be read, or the decoder cannot load', async () => {
    expect(
      await readPairingQrImage(png(), async () => {
        throw new Error('broken');
      }),
    ).toEqual({ ok: false, error: 'This image could not be read.' });
    expect(
      await readPairingQrImage(
        png(),
        async () => blank(),
        () => Promise.reject(new Error('chunk failed')),
      ),
    ).toEqual({ ok: false, error: DECODER_NOT_LOADED });
  });
});
