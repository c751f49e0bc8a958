/**
 * From a decoded photo to ranked plate readings. The detector proposes text boxes; each box is
 * cropped several times with different paddings (the recogniser was trained on loosely cropped
 * plates, and a tight box cuts characters); each box keeps its most confident crop. Readings of
 * US plate lengths come first (5–8 characters, then 2–4), then by confidence. Every choice here
 * follows a measurement on the kept photos (see tests/bench/plates.ts).
 */
import { greedyRead, rankCandidates, round, type Candidate } from './decode.ts';
import { detectTextBoxes } from './detector.ts';
import type { Box } from './detector-boxes.ts';
import type { RgbImage } from './image.ts';
import type { PlateSessions } from './engine.ts';
import { recognizeRegions } from './recognizer.ts';

export type PlateRead = { plate: string; score: number; box: Box; candidates: Candidate[] };

export type ReadOptions = {
  /** Detector input: longest side in pixels… */
  longSide: number;
  /** …but a small photo is enlarged at most this much (detector time grows with the pixel count). */
  maxUpscale: number;
  /** Crop paddings as fractions of the box (x of its width, y of its height) on each side. */
  paddings: ReadonlyArray<{ x: number; y: number }>;
  /** At most this many detector boxes are read (the most confident ones). */
  maxBoxes: number;
  /** Readings below this mean slot confidence are not plates. */
  minConfidence: number;
  maxResults: number;
};

export const DEFAULT_READ_OPTIONS: ReadOptions = {
  longSide: 1280,
  maxUpscale: 1.5,
  paddings: [
    { x: 0.1, y: 0.35 },
    { x: 0.05, y: 0.2 },
    { x: 0.15, y: 0.5 },
  ],
  maxBoxes: 16,
  minConfidence: 0.35,
  maxResults: 3,
};

export function padBox(box: Box, padding: { x: number; y: number }, width: number, height: number): Box {
  const w = box.xmax - box.xmin;
  const h = box.ymax - box.ymin;
  return {
    xmin: Math.max(0, box.xmin - w * padding.x),
    ymin: Math.max(0, box.ymin - h * padding.y),
    xmax: Math.min(width, box.xmax + w * padding.x),
    ymax: Math.min(height, box.ymax + h * padding.y),
  };
}

/** 0 for the US plate lengths (5–8), 1 for other lengths plates can have (2–4), 2 otherwise. */
export function lengthRank(plate: string): number {
  if (plate.length >= 5 && plate.length <= 8) return 0;
  if (plate.length >= 2 && plate.length <= 4) return 1;
  return 2;
}

/** Letter/digit runs: US plates are one to three blocks (ABC1234, A12BCD, T647283C); signs and stickers read as more. */
export function countRuns(plate: string): number {
  let runs = 0;
  let previous = '';
  for (const char of plate) {
    const kind = /[0-9]/.test(char) ? 'digit' : 'letter';
    if (kind !== previous) runs += 1;
    previous = kind;
  }
  return runs;
}

/** 0 when the reading has a plate's shape (US length and at most three letter/digit blocks), else 1. */
export function formatRank(plate: string): number {
  return lengthRank(plate) === 0 && countRuns(plate) <= 3 ? 0 : 1;
}

/** Readings at or above this mean slot confidence are ranked before doubtful ones, whatever their shape. */
const CONFIDENT = 0.6;

type BoxRead = { box: Box; plate: string; confidence: number; candidates: Candidate[] };

export function orderReads<T extends { plate: string; confidence: number }>(reads: readonly T[]): T[] {
  const doubt = (read: T) => (read.confidence < CONFIDENT ? 1 : 0);
  return [...reads].sort(
    (a, b) =>
      lengthRank(a.plate) - lengthRank(b.plate) ||
      doubt(a) - doubt(b) ||
      formatRank(a.plate) - formatRank(b.plate) ||
      b.confidence - a.confidence,
  );
}

export async function readPlatesFromImage(sessions: PlateSessions, image: RgbImage, overrides: Partial<ReadOptions> = {}): Promise<PlateRead[]> {
  const options = { ...DEFAULT_READ_OPTIONS, ...overrides };
  const boxes = (await detectTextBoxes(sessions.detector, image, Math.min(options.longSide, Math.max(image.width, image.height) * options.maxUpscale)))
    .sort((a, b) => b.score - a.score)
    .slice(0, options.maxBoxes);
  const regions = boxes.flatMap((box) => options.paddings.map((padding) => padBox(box, padding, image.width, image.height)));
  const slotsPerRegion = await recognizeRegions(sessions.recognizer, image, regions);

  const reads: BoxRead[] = [];
  boxes.forEach((box, b) => {
    let best: { slots: Float32Array[]; plate: string; confidence: number } | undefined;
    for (let p = 0; p < options.paddings.length; p += 1) {
      const slots = slotsPerRegion[b * options.paddings.length + p];
      if (!slots) continue;
      const read = greedyRead(slots);
      if (!best || read.confidence > best.confidence) best = { slots, ...read };
    }
    if (!best || lengthRank(best.plate) === 2 || best.confidence < options.minConfidence) return;
    reads.push({ box, plate: best.plate, confidence: best.confidence, candidates: rankCandidates(best.slots) });
  });

  const seen = new Set<string>();
  const results: PlateRead[] = [];
  for (const read of orderReads(reads)) {
    if (seen.has(read.plate)) continue;
    seen.add(read.plate);
    const { xmin, ymin, xmax, ymax } = read.box;
    results.push({
      plate: read.plate,
      score: read.candidates[0]?.score ?? round(read.confidence),
      box: { xmin: Math.round(xmin), ymin: Math.round(ymin), xmax: Math.round(xmax), ymax: Math.round(ymax) },
      candidates: read.candidates,
    });
  }
  return results.slice(0, options.maxResults);
}
