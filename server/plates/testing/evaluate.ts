/**
 * Scores the plate reader on the kept labelled photos: exact top-1, the truth among the first
 * result's plate and its alternatives (what the confirm step offers, the other boxes' plates
 * included), for frames with no plate whether any plate was proposed, and time per photo.
 * Shared by the bench (tests/bench/plates.ts) and the accuracy test.
 */
import { readFileSync } from 'node:fs';
import type { PlateSessions } from '../engine.ts';
import { greedyRead, rankCandidates } from '../decode.ts';
import { decodePhoto } from '../image.ts';
import { NO_PLATE_BELOW } from '../read-plate.ts';
import { recognizeRegions } from '../recognizer.ts';
import { isSameReading, percentile, plateCrops, realPhotos, type LabelledPhoto } from './plate-fixtures.ts';

export type ReadingList = { plate: string; candidates: { plate: string }[] }[];

/** top1/offered count plate photos read right; `proposed` counts frames given any plate (wrong for negatives). */
export type SetScore = { set: string; total: number; top1: number; offered: number; proposed: number; misses: string[] };
export type Evaluation = { sets: SetScore[]; medianMs: number; p95Ms: number; timesMs: number[] };

/** The first result's plate and its alternatives, as the confirm step offers them. */
export function offeredReadings(results: ReadingList): string[] {
  const first = results[0];
  return first ? [...new Set([first.plate, ...first.candidates.map((c) => c.plate)])] : [];
}

function scoreInto(scores: Map<string, SetScore>, photo: LabelledPhoto, top: string | undefined, offered: string[]) {
  const score = scores.get(photo.set) ?? { set: photo.set, total: 0, top1: 0, offered: 0, proposed: 0, misses: [] };
  scores.set(photo.set, score);
  score.total += 1;
  if (top !== undefined) score.proposed += 1;
  const name = photo.file.split('/').slice(-2).join('/');
  if (!photo.plate) {
    if (top !== undefined) score.misses.push(`${name} (no plate) → ${offered.join(', ')}`);
    return;
  }
  const isTop1 = top !== undefined && isSameReading(photo, top);
  if (isTop1) score.top1 += 1;
  if (offered.some((reading) => isSameReading(photo, reading))) score.offered += 1;
  if (!isTop1) score.misses.push(`${name} ${photo.plate} → ${offered.join(', ') || '(none)'}`);
}

/** Runs every whole photo through `read` (the engine or the API) one after another. */
export async function evaluateWholePhotos(read: (photo: Buffer) => Promise<ReadingList>, photos = realPhotos()): Promise<Evaluation> {
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

/** The plate crops read by the recogniser alone (the whole crop, stretched), no detector; a reading under NO_PLATE_BELOW counts as none. */
export async function evaluateCrops(sessions: PlateSessions, crops = plateCrops()): Promise<SetScore> {
  const scores = new Map<string, SetScore>();
  for (const photo of crops) {
    const image = await decodePhoto(readFileSync(photo.file));
    const [slots] = await recognizeRegions(sessions.recognizer, image, [{ xmin: 0, ymin: 0, xmax: image.width, ymax: image.height }]);
    if (!slots) continue;
    const read = greedyRead(slots);
    scoreInto(scores, photo, read.confidence >= NO_PLATE_BELOW ? read.plate : undefined, rankCandidates(slots).map((c) => c.plate));
  }
  return scores.get('real-crops') ?? { set: 'real-crops', total: 0, top1: 0, offered: 0, proposed: 0, misses: [] };
}

export const percent = (part: number, total: number) => (total ? (100 * part) / total : 0);
