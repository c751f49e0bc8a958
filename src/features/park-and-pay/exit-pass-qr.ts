/**
 * The exit pass's QR matrix, kept on the device. Encoding tries the eight mask patterns and keeps
 * the best (ISO/IEC 18004), ~50–100 ms on a slow phone (4× CPU), and the driver taps "Show Exit
 * Pass" at the gate right after an offline cold start, when the page is busiest. So the matrix is
 * computed when the pass is first known (online, at an idle moment) and kept in localStorage,
 * which the tap's render reads synchronously, under the exact text it encodes: a kept matrix is
 * the one the app rendered for that text. A missing or unreadable copy is computed again.
 */
import { type QrMatrix, renderQrPath } from '../../lib/qr-code';
import { STORAGE_KEYS } from '../../lib/constants';
import { readStorage, writeStorage } from '../../lib/storage';

export const EXIT_PASS_QR_KEY = STORAGE_KEYS.exitPassQr;
/** A driver has a few cars at most; older matrices make room. */
const MAX_KEPT = 4;

type Kept = { text: string; qr: QrMatrix };

const inMemory = new Map<string, QrMatrix>();

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

/** The matrix of a pass's QR text: from memory, the device's copy, or rendered now (and kept). */
export function exitPassQr(text: string): QrMatrix {
  const known = inMemory.get(text) ?? readKept().find((entry) => entry.text === text)?.qr;
  if (known) {
    inMemory.set(text, known);
    return known;
  }
  const qr = renderQrPath(text);
  inMemory.set(text, qr);
  const others = readKept().filter((entry) => entry.text !== text);
  writeStorage(EXIT_PASS_QR_KEY, JSON.stringify([{ text, qr }, ...others].slice(0, MAX_KEPT)));
  return qr;
}

/** Renders and keeps a pass's matrix at the browser's next idle moment; returns a cancel. */
export function keepExitPassQr(text: string): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => exitPassQr(text), { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => exitPassQr(text), 1000);
  return () => clearTimeout(handle);
}
