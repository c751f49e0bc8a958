/**
 * Scores the plate reader on the kept labelled photos: exact top-1, truth among the first three
 * readings the scan screen offers (the reading, then its alternatives, then other plates found),
 * and time per photo. Shared by the bench (tests/bench/plates.ts) and the accuracy test.
 */
import { readFileSync } from 'node:fs';
import type { PlateSessions } from '../engine.ts';
import { greedyRead, rankCandidates } from '../decode.ts';
import { decodePhoto } from '../image.ts';
import { recognizeRegions } from '../recognizer.ts';
import { isSameReading, percentile, plateCrops, wholePhotos, type LabelledPhoto } from './plate-fixtures.ts';

export type ReadingList = { plate: string; candidates: { plate: string }[] }[];

export type SetScore = { set: string; total: number; top1: number; top3: number; misses: string[] };
export type Evaluation = { sets: SetScore[]; medianMs: number; p95Ms: number; timesMs: number[] };

/** The first three distinct readings a driver is offered. */
export function offeredReadings(results: ReadingList, count = 3): string[] {
  const offered: string[] = [];
  for (const plate of [...(results[0]?.candidates.map((c) => c.plate) ?? [results[0]?.plate ?? '']), ...results.slice(1).map((r) => r.plate)]) {
    if (plate && !offered.includes(plate)) offered.push(plate);
  }
  return offered.slice(0, count);
}

function scoreInto(scores: Map<string, SetScore>, photo: LabelledPhoto, top: string | undefined, offered: string[]) {
  const score = scores.get(photo.set) ?? { set: photo.set, total: 0, top1: 0, top3: 0, misses: [] };
  scores.set(photo.set, score);
  score.total += 1;
  const isTop1 = top !== undefined && isSameReading(photo, top);
  if (isTop1) score.top1 += 1;
  if (offered.some((reading) => isSameReading(photo, reading))) score.top3 += 1;
  if (!isTop1) score.misses.push(`${photo.file.split('/').slice(-2).join('/')} ${photo.plate} → ${offered.join(', ') || '(none)'}`);
}

/** Runs every whole photo through `read` (the engine or the API) one after another. */
export async function evaluateWholePhotos(read: (photo: Buffer) => Promise<ReadingList>, photos = wholePhotos()): Promise<Evaluation> {
  const scores = new Map<string, SetScore>();
  const timesMs: number[] = [];
  for (const photo of photos) {
    const bytes = readFileSync(photo.file);
    const started = performance.now();
    const results = await read(bytes);
    timesMs.push(performance.now() - started);
    scoreInto(scores, photo, results[0]?.plate, offeredReadings(results));
  }
  const sorted = [...timesMs].sort((a, b) => a - b);
  return { sets: [...scores.values()], medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95), timesMs };
}

/** The plate crops read by the recogniser alone (the whole crop, stretched), no detector. */
export async function evaluateCrops(sessions: PlateSessions, crops = plateCrops()): Promise<SetScore> {
  const scores = new Map<string, SetScore>();
  for (const photo of crops) {
    const image = await decodePhoto(readFileSync(photo.file));
    const [slots] = await recognizeRegions(sessions.recognizer, image, [{ xmin: 0, ymin: 0, xmax: image.width, ymax: image.height }]);
    if (!slots) continue;
    const candidates = rankCandidates(slots);
    scoreInto(scores, photo, greedyRead(slots).plate, candidates.slice(0, 3).map((c) => c.plate));
  }
  return scores.get('real-crops') ?? { set: 'real-crops', total: 0, top1: 0, top3: 0, misses: [] };
}

export const percent = (part: number, total: number) => (total ? (100 * part) / total : 0);
