/**
 * The kept plate photos and how a reading is scored against their labels. Used by the bench and
 * the accuracy test. Chinese plates start with a province character the recogniser's alphabet
 * lacks, so they are compared on their last six characters (SOURCES.md).
 *
 * Which set plays which part (README "Plate reading"): the real crops and the QR negatives are
 * where thresholds were chosen; the real whole photos and the plate-less real scenes are held
 * out to check them; the drawn plates in made/ are a smoke test that chooses nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PLATE_FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tests/fixtures/plates');

export type PhotoSet = 'real-full' | 'real-crops' | 'negative-qr' | 'negative-scene' | 'made';
export type LabelledPhoto = { file: string; plate: string; country: string; set: PhotoSet };

function readManifest(dir: string, set: LabelledPhoto['set']): LabelledPhoto[] {
  return readFileSync(path.join(dir, 'manifest.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [file = '', plate = '', country = ''] = line.split('\t');
      return { file: path.join(dir, file), plate, country, set };
    });
}

/** Real whole photos (read through detector + recogniser). */
export function realPhotos(): LabelledPhoto[] {
  return readManifest(path.join(PLATE_FIXTURES, 'real/full'), 'real-full');
}

/** The drawn US-style plates: a smoke test only. */
export function madePhotos(): LabelledPhoto[] {
  return readManifest(path.join(PLATE_FIXTURES, 'made'), 'made');
}

/** Frames with no plate (plate empty): QR codes, and plate-less real scenes. */
export function negativePhotos(): LabelledPhoto[] {
  const dir = path.join(PLATE_FIXTURES, 'negatives');
  return readFileSync(path.join(dir, 'manifest.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [file = '', kind = ''] = line.split('\t');
      return { file: path.join(dir, file), plate: '', country: '', set: kind === 'qr' ? 'negative-qr' : 'negative-scene' };
    });
}

/** Plate crops (read by the recogniser only). */
export function plateCrops(): LabelledPhoto[] {
  return readManifest(path.join(PLATE_FIXTURES, 'real/crops'), 'real-crops');
}

export function isSameReading(photo: LabelledPhoto, reading: string): boolean {
  if (photo.country === 'CN') return reading.length >= 6 && reading.slice(-6) === photo.plate.slice(-6);
  return reading === photo.plate;
}

/** Rank (0-based) of the truth among the readings, or -1. */
export function rankOfTruth(photo: LabelledPhoto, readings: readonly string[]): number {
  return readings.findIndex((reading) => isSameReading(photo, reading));
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}
