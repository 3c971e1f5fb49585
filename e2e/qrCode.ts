import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

/** White around a screenshot cropped to the code: a reader finds the code by its quiet zone. */
const QUIET_ZONE_PX = 32;

/**
 * The text of the QR code in a PNG screenshot, read by ZXing (the decoder of many phones' scanners,
 * which copes with RainbowKit's round dots and its logo over the centre); none if unreadable.
 */
export function readQrCode(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  const width = image.width + 2 * QUIET_ZONE_PX;
  const height = image.height + 2 * QUIET_ZONE_PX;
  const luminance = new Uint8ClampedArray(width * height).fill(255);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const pixel = (y * image.width + x) * 4;
      const gray = (image.data[pixel]! + image.data[pixel + 1]! + image.data[pixel + 2]!) / 3;
      luminance[(y + QUIET_ZONE_PX) * width + x + QUIET_ZONE_PX] = gray;
    }
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    return new QRCodeReader().decode(bitmap, hints).getText();
  } catch {
    return undefined;
  }
}
