/**
 * Ticket QR bench: the real photos of tests/fixtures/qr-real (ZXing's blackbox photos, never used
 * to choose anything but the decoder's fallbacks, see README "Ticket QR") read the way the camera
 * reads a frame (src/lib/qr-scanner-photos.testing.ts): each photo as a 640×480 camera frame (the
 * budget row) and as shot, on flat surfaces (paper, cards, screens: what a ticket is) and on cloth.
 * Prints the share read, misreads, the decoder time per camera frame (one view is decoded a frame:
 * median and p95 over every view tried, the unread photos' fruitless views included) and the median
 * time to read (ticks before the reading view + decoding), with the load average: timings are noisy
 * on a shared machine, the read counts are not (decoding is deterministic).
 */
import { cpus, loadavg } from 'node:os';
import { median, percentile, readPhotoLikeTheCamera, realQrPhotos, type PhotoRead, type Presentation } from '../../src/lib/qr-scanner-photos.testing.ts';

const BUDGET_PERCENT = 95;
const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);

function summary(label: string, reads: PhotoRead[]): { line: string; rate: number } {
  const read = reads.filter((each) => each.isRead);
  const wrong = reads.filter((each) => each.wrongText !== undefined).length;
  const rate = percent(read.length, reads.length);
  const decodeMs = reads.flatMap((each) => each.decodeMs);
  const toRead = median(read.flatMap((each) => (each.msToRead === undefined ? [] : [each.msToRead])));
  return {
    rate,
    line: `  ${label.padEnd(24)} ${String(read.length).padStart(3)}/${String(reads.length).padEnd(3)} read ${rate.toFixed(1).padStart(5)} %  misread ${wrong}  decoder ${median(decodeMs).toFixed(1)} ms/frame median, ${percentile(decodeMs, 0.95).toFixed(1)} p95  time to read median ${toRead.toFixed(0)} ms`,
  };
}

export async function benchQr(): Promise<{ rows: unknown[]; lines: string[] }> {
  const photos = realQrPhotos();
  const lines = [`qr: ${photos.length} real photos through the camera's views and the scanner's decoder (Node, sequential; ${load()} at the start)`];
  const rows: unknown[] = [];
  for (const presentation of ['vga', 'as-shot'] as Presentation[]) {
    const reads: PhotoRead[] = [];
    for (const photo of photos) reads.push(await readPhotoLikeTheCamera(photo, presentation));
    const all = summary(`${presentation} all`, reads);
    lines.push(all.line);
    for (const surface of ['flat', 'cloth'] as const) lines.push(summary(`${presentation} ${surface}`, reads.filter((each) => each.photo.surface === surface)).line);
    const misses = reads.filter((each) => !each.isRead).map((each) => each.photo.file);
    lines.push(`  ${presentation} not read: ${misses.join(' ') || '—'}`);
    if (presentation === 'vga') {
      rows.push({ what: `real QR photos read, 640×480 camera frames (${photos.length})`, budget: `≥ ${BUDGET_PERCENT} %`, measured: `${all.rate.toFixed(1)} %`, ok: all.rate >= BUDGET_PERCENT });
    }
  }
  lines.push(`  (${load()} at the end)`);
  return { rows, lines };
}
