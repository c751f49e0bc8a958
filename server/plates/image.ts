/**
 * Photo decoding and crop sampling. sharp decodes, applies the EXIF orientation and gives raw
 * RGB; crops for the recogniser are sampled here with bilinear interpolation on pixel centres,
 * as cv2.resize(INTER_LINEAR) does in the recogniser's training pipeline (stretch, no letterbox).
 */
import sharp from 'sharp';
import type { Box } from './detector-boxes.ts';

export type RgbImage = { data: Buffer; width: number; height: number };

export class NotAnImageError extends Error {}

/** Refuse absurd canvases before decoding them: a phone photo is well under this. */
const MAX_PIXELS = 50_000_000;

export async function decodePhoto(bytes: Uint8Array): Promise<RgbImage> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new NotAnImageError(`unexpected ${info.channels} channels`);
    return { data, width: info.width, height: info.height };
  } catch (error: unknown) {
    if (error instanceof NotAnImageError) throw error;
    throw new NotAnImageError(error instanceof Error ? error.message : String(error));
  }
}

/** Resizes a raw RGB image for the detector's input (cubic: as accurate as lanczos3 on the kept photos, cheaper). */
export async function resizeRgb(image: RgbImage, width: number, height: number): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/** Writes the region `box` (float pixel coordinates, clamped to the image) stretched to outW×outH into `out` at `offset`. */
export function sampleCrop(image: RgbImage, box: Box, outW: number, outH: number, out: Uint8Array, offset: number): void {
  const x0 = Math.max(0, box.xmin);
  const y0 = Math.max(0, box.ymin);
  const x1 = Math.min(image.width, box.xmax);
  const y1 = Math.min(image.height, box.ymax);
  const scaleX = Math.max(x1 - x0, 1) / outW;
  const scaleY = Math.max(y1 - y0, 1) / outH;
  const { data, width, height } = image;
  for (let oy = 0; oy < outH; oy += 1) {
    const sy = Math.min(Math.max(y0 + (oy + 0.5) * scaleY - 0.5, 0), height - 1);
    const ya = Math.floor(sy);
    const yb = Math.min(ya + 1, height - 1);
    const fy = sy - ya;
    for (let ox = 0; ox < outW; ox += 1) {
      const sx = Math.min(Math.max(x0 + (ox + 0.5) * scaleX - 0.5, 0), width - 1);
      const xa = Math.floor(sx);
      const xb = Math.min(xa + 1, width - 1);
      const fx = sx - xa;
      const target = offset + (oy * outW + ox) * 3;
      for (let c = 0; c < 3; c += 1) {
        const top = (data[(ya * width + xa) * 3 + c] ?? 0) * (1 - fx) + (data[(ya * width + xb) * 3 + c] ?? 0) * fx;
        const bottom = (data[(yb * width + xa) * 3 + c] ?? 0) * (1 - fx) + (data[(yb * width + xb) * 3 + c] ?? 0) * fx;
        out[target + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
}
