import type { Pixels } from './qrScan';

/**
 * The longest side an image is decoded at: a screenshot's QR code stays readable, and a photo of
 * many megapixels is not read pixel by pixel on the page's thread.
 */
const MAX_IMAGE_SIDE = 1600;
/** Camera frames are read smaller: several a second, and the QR code fills much of the frame. */
export const MAX_FRAME_SIDE = 800;

/** The size an image is drawn at: scaled down to `maxSide` on its longest side, never up. */
export function scaledSize(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The pixels of a picture (a camera frame, an image) drawn at this size onto a canvas. */
export function drawnPixels(
  source: CanvasImageSource,
  size: { width: number; height: number },
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): Pixels {
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read images.');
  context.drawImage(source, 0, 0, size.width, size.height);
  return context.getImageData(0, 0, size.width, size.height);
}

/** The pixels of an image file, scaled down when it is large (the browser's ImagePixelReader). */
export async function pixelsOfImage(image: Blob): Promise<Pixels> {
  const bitmap = await createImageBitmap(image);
  try {
    return drawnPixels(bitmap, scaledSize(bitmap.width, bitmap.height, MAX_IMAGE_SIDE));
  } finally {
    bitmap.close();
  }
}
