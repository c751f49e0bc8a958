/**
 * Finds text boxes with PaddleOCR's PP-OCRv4 detector. Input as PaddleOCR prepares it: the photo
 * scaled so its longest side is 1280, each side a multiple of 32, channels in BGR order, then
 * (v/255 − mean)/std with the ImageNet mean/std applied to tensor channels 0/1/2 as they stand
 * (PaddleOCR's own quirk; "fixing" the order measured 5 points worse). Output: a probability map.
 */
import type { InferenceSession } from 'onnxruntime-node';
import { Tensor } from 'onnxruntime-node';
import { boxesFromProbabilityMap, type ScoredBox } from './detector-boxes.ts';
import { resizeRgb, type RgbImage } from './image.ts';

const MEAN: readonly [number, number, number] = [0.485, 0.456, 0.406];
const STD: readonly [number, number, number] = [0.229, 0.224, 0.225];

export function detectorInputSize(width: number, height: number, longSide: number): { width: number; height: number } {
  const scale = longSide / Math.max(width, height);
  const toMultiple = (value: number) => Math.max(32, Math.round((value * scale) / 32) * 32);
  return { width: toMultiple(width), height: toMultiple(height) };
}

export async function detectTextBoxes(session: InferenceSession, image: RgbImage, longSide = 1280): Promise<ScoredBox[]> {
  const size = detectorInputSize(image.width, image.height, longSide);
  const rgb = await resizeRgb(image, size.width, size.height);
  const plane = size.width * size.height;
  const input = new Float32Array(3 * plane);
  // Tensor channel 0 = B, 1 = G, 2 = R, each normalised with MEAN/STD of its tensor index.
  for (const c of [0, 1, 2] as const) {
    const scale = 1 / (255 * STD[c]);
    const shift = MEAN[c] / STD[c];
    const source = 2 - c;
    const base = c * plane;
    for (let i = 0; i < plane; i += 1) input[base + i] = (rgb[i * 3 + source] as number) * scale - shift;
  }
  const feeds = { [session.inputNames[0] ?? 'x']: new Tensor('float32', input, [1, 3, size.height, size.width]) };
  const output = await session.run(feeds);
  const map = output[session.outputNames[0] ?? ''];
  if (!map) throw new Error('The plate detector returned no output.');
  const [, , mapH = size.height, mapW = size.width] = map.dims;
  const boxes = boxesFromProbabilityMap(map.data as Float32Array, mapW, mapH);
  const sx = image.width / mapW;
  const sy = image.height / mapH;
  return boxes.map((box) => ({ xmin: box.xmin * sx, ymin: box.ymin * sy, xmax: box.xmax * sx, ymax: box.ymax * sy, score: box.score }));
}
