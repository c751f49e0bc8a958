/**
 * Reads plate crops with the fast-plate-ocr recogniser (cct_xs_v1_global, MIT): uint8 NHWC
 * [N, 64, 128, 3], RGB, stretched to 128×64, raw 0–255. All crops of one photo go in one batch.
 * Output [N, 9, 37]: per-slot probabilities over ALPHABET.
 */
import type { InferenceSession } from 'onnxruntime-node';
import { Tensor } from 'onnxruntime-node';
import { ALPHABET, SLOTS, toSlotProbabilities } from './decode.ts';
import type { Box } from './detector-boxes.ts';
import { sampleCrop, type RgbImage } from './image.ts';

export const CROP_WIDTH = 128;
export const CROP_HEIGHT = 64;
const CROP_BYTES = CROP_WIDTH * CROP_HEIGHT * 3;

/** Recognises a batch of already-sized crops (each CROP_BYTES of RGB). */
export async function recognizeCrops(session: InferenceSession, crops: Uint8Array, count: number): Promise<Float32Array[][]> {
  if (count === 0) return [];
  const feeds = { [session.inputNames[0] ?? 'input']: new Tensor('uint8', crops, [count, CROP_HEIGHT, CROP_WIDTH, 3]) };
  const output = await session.run(feeds);
  const scores = output[session.outputNames[0] ?? ''];
  if (!scores) throw new Error('The plate recogniser returned no output.');
  const data = scores.data as Float32Array;
  const perCrop = SLOTS * ALPHABET.length;
  return Array.from({ length: count }, (_, n) => toSlotProbabilities(data.subarray(n * perCrop, (n + 1) * perCrop)));
}

/** Crops every region from the photo into one batch and reads them. */
export async function recognizeRegions(session: InferenceSession, image: RgbImage, regions: readonly Box[]): Promise<Float32Array[][]> {
  const batch = new Uint8Array(regions.length * CROP_BYTES);
  regions.forEach((region, n) => sampleCrop(image, region, CROP_WIDTH, CROP_HEIGHT, batch, n * CROP_BYTES));
  return recognizeCrops(session, batch, regions.length);
}
