/**
 * The exit-pass QR matrices kept on the device (localStorage), under the exact text each encodes.
 * Reading needs no QR encoder, so the start URL can draw a parked car's pass from here in its
 * first frame; exit-pass-qr.ts computes the matrices and keeps them.
 */
import type { QrMatrix } from './qr-code';
import { STORAGE_KEYS } from './constants';
import { readStorage, writeStorage } from './storage';

export const EXIT_PASS_QR_KEY = STORAGE_KEYS.exitPassQr;
/** A driver has a few cars at most; older matrices make room. */
const MAX_KEPT = 4;

type Kept = { text: string; qr: QrMatrix };

const isKept = (value: unknown): value is Kept => {
  const entry = value as Partial<Kept> | null;
  return typeof entry?.text === 'string' && typeof entry.qr?.size === 'number' && typeof entry.qr.path === 'string' && entry.qr.path.startsWith('M');
};

function readKept(): Kept[] {
  try {
    const value: unknown = JSON.parse(readStorage(EXIT_PASS_QR_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter(isKept) : [];
  } catch {
    return [];
  }
}

/** The kept matrix of exactly this text; undefined when none was kept or the copy is unreadable. */
export function readKeptExitPassQr(text: string): QrMatrix | undefined {
  return readKept().find((entry) => entry.text === text)?.qr;
}

/** Keeps a matrix first in line, dropping the oldest beyond MAX_KEPT. */
export function keepExitPassQrMatrix(text: string, qr: QrMatrix): void {
  const others = readKept().filter((entry) => entry.text !== text);
  writeStorage(EXIT_PASS_QR_KEY, JSON.stringify([{ text, qr }, ...others].slice(0, MAX_KEPT)));
}
