/**
 * The exit pass's QR matrix, kept on the device. Encoding tries the eight mask patterns and keeps
 * the best (ISO/IEC 18004), ~50–100 ms on a slow phone (4× CPU), and the driver taps "Show Exit
 * Pass" at the gate right after an offline cold start, when the page is busiest. So the matrix is
 * computed when the pass is first known (online, at an idle moment) and kept in localStorage,
 * which the tap's render reads synchronously, under the exact text it encodes: a kept matrix is
 * the one the app rendered for that text. A missing or unreadable copy is computed again.
 */
import { EXIT_PASS_QR_KEY, keepExitPassQrMatrix, readKeptExitPassQr } from './kept-exit-pass-qr';
import { type QrMatrix, renderQrPath } from './qr-code';

export { EXIT_PASS_QR_KEY };

const inMemory = new Map<string, QrMatrix>();

/** The matrix of a pass's QR text: from memory, the device's copy, or rendered now (and kept). */
export function exitPassQr(text: string): QrMatrix {
  const known = inMemory.get(text) ?? readKeptExitPassQr(text);
  if (known) {
    inMemory.set(text, known);
    return known;
  }
  const qr = renderQrPath(text);
  inMemory.set(text, qr);
  keepExitPassQrMatrix(text, qr);
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
