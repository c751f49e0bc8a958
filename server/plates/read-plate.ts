/**
 * From a decoded photo to ranked plate readings. The detector proposes text boxes; each box is
 * cropped with three paddings (the recogniser was trained on loosely cropped plates, and a tight
 * box cuts characters) and keeps its most confident crop. Readings of US plate lengths come first
 * (5–8 characters, then 2–4), then the most confident; a reading under NO_PLATE_BELOW is not a
 * plate (a QR code, a wall, a sign) and is not returned. The first result's alternatives also
 * carry the plates read in the other boxes, so a wrong first box is one tap from the right one.
 *
 * Every rule is measured on real photos, never on the drawn plates (README "Plate reading"): the
 * ranking is TOOLCHAIN.md's recipe, measured on 222 real US car photos (89.2 % top-1; the rules
 * added later on drawings — a confidence "doubt" split at 0.6 and a letter/digit-block rank — cost
 * 15 points there, issue 15) and it reads 16 of the 17 real whole photos kept here; the three
 * paddings read 16 of those 17 where any single padding reads 12–14; enlarging a small photo up
 * to 1.5× for the detector reads 16 where none reads 14 (2× reads no more). The detector's
 * 1280 px is TOOLCHAIN.md's (960 px costs 2 points on the US photos).
 */
import { greedyRead, rankCandidates, round, type Candidate } from './decode.ts';
import { detectTextBoxes } from './detector.ts';
import type { Box } from './detector-boxes.ts';
import type { RgbImage } from './image.ts';
import type { PlateSessions } from './engine.ts';
import { recognizeRegions } from './recognizer.ts';

/** Alternatives a result carries (the contract's "up to five"). */
export const MAX_CANDIDATES = 5;

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
  /** Readings below this mean slot confidence are not plates (NO_PLATE_BELOW). */
  minConfidence: number;
  maxResults: number;
};

/**
 * The confidence under which a reading is not a plate. Chosen on real material (held out: the 17
 * real whole photos and the real plate-less scenes were not used to choose it): every reading of
 * a real plate crop, right or wrong, was ≥ 0.83 (147 Argentine crops, right ones ≥ 0.91), while
 * QR codes read at most 0.71 (rendered codes, plain and over a street scene). Held out: every
 * real whole-photo plate reads ≥ 0.90 and no plate-less part of a real photo reaches 0.50.
 */
export const NO_PLATE_BELOW = 0.75;

export const DEFAULT_READ_OPTIONS: ReadOptions = {
  longSide: 1280,
  maxUpscale: 1.5,
  paddings: [
    { x: 0.1, y: 0.35 },
    { x: 0.05, y: 0.2 },
    { x: 0.15, y: 0.5 },
  ],
  maxBoxes: 16,
  minConfidence: NO_PLATE_BELOW,
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

type BoxRead = { box: Box; plate: string; confidence: number; candidates: Candidate[] };

/** US plate lengths first, then the most confident (TOOLCHAIN.md "Plate reading", step 4). */
export function orderReads<T extends { plate: string; confidence: number }>(reads: readonly T[]): T[] {
  return [...reads].sort((a, b) => lengthRank(a.plate) - lengthRank(b.plate) || b.confidence - a.confidence);
}

/**
 * The first result's candidates: its own reading, then its near readings and the other results'
 * plates, ranked together by score (both are geometric means of slot probabilities).
 */
export function withOtherBoxes(results: readonly PlateRead[], limit = MAX_CANDIDATES): PlateRead[] {
  const [first, ...others] = results;
  if (!first) return [];
  const [own, ...near] = first.candidates;
  const pool = [...near, ...others.map((other) => ({ plate: other.plate, score: other.score }))].sort((a, b) => b.score - a.score);
  const candidates: Candidate[] = own ? [own] : [];
  for (const candidate of pool) {
    if (candidates.length === limit) break;
    if (!candidates.some((kept) => kept.plate === candidate.plate)) candidates.push(candidate);
  }
  return [{ ...first, candidates }, ...others];
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
  return withOtherBoxes(results.slice(0, options.maxResults));
}
