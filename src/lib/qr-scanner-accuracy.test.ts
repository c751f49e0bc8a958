/**
 * Accuracy of ticket QR decoding on real photos (issue 15): the 132 photographed codes of
 * tests/fixtures/qr-real (ZXing's blackbox photos, labels from their own ground-truth files), each
 * as a 640×480 camera frame, read through the camera's views with the scanner's decoder
 * (qr-scanner-photos.testing.ts). This is the figure; the drawn tickets below are a smoke test
 * only and choose nothing.
 *
 * Drawn tickets (issue 6 item 6). Makes "photos" of paper tickets in Node: the
 * QR a ticket carries (https://parkfair.example/app/<ticket number>) printed on off-white paper
 * with text lines, on a dark counter, rotated, sheared (camera tilt), at two distances, blurred
 * (focus), washed out (low contrast, thermal print under glare) and with sensor noise; each a
 * 640×480 grey frame like the camera's. Decodes them with the scanner's own settings
 * (decodeQrLuminance, the same zxing hints as the camera) and checks the ticket number read.
 * Prints the decode rate per condition and the mean time per frame; time is only reported, never
 * asserted (DESIGN.md: budgets are measured by the bench, not timed unit tests).
 */
import qrcode from 'qrcode-generator';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseTicketNumber } from '../contract/tickets';
import { decodeQrLuminance } from './qr-scanner';
import { readPhotoLikeTheCamera, realQrPhotos, type PhotoRead } from './qr-scanner-photos.testing';

const FRAME = { width: 640, height: 480 };
const TICKETS = ['10442611230001004821001', 'PF7K2QX', '20012611230003002024003', 'R4T9WX', 'HJ3M7P', '40012611230005001187005'];

/** Deterministic PRNG (mulberry32) so every run makes the same images. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The ticket: off-white paper, the QR (4-module quiet zone) in the middle, text-like bars above and below. */
function ticketImage(ticketNumber: string): { pixels: Buffer; width: number; height: number } {
  const qr = qrcode(0, 'M');
  qr.addData(`https://parkfair.example/app/${ticketNumber}`);
  qr.make();
  const modules = qr.getModuleCount();
  const modulePx = 8;
  const side = (modules + 8) * modulePx;
  const width = Math.round(side * 1.5);
  const height = Math.round(side * 2);
  const paper = Buffer.alloc(width * height, 236);
  const left = Math.round((width - side) / 2);
  const top = Math.round((height - side) / 2);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / modulePx) - 4;
      const col = Math.floor(x / modulePx) - 4;
      if (row >= 0 && col >= 0 && row < modules && col < modules && qr.isDark(row, col)) paper[(top + y) * width + left + x] = 28;
    }
  }
  const next = random(ticketNumber.length * 97);
  const bars = [0.04, 0.09, 0.14, 0.19, 0.8, 0.85, 0.9, 0.95];
  for (const at of bars) {
    const y0 = Math.round(height * at);
    const length = Math.round(width * (0.4 + next() * 0.45));
    for (let y = y0; y < y0 + 10; y += 1) for (let x = Math.round(width * 0.08); x < Math.round(width * 0.08) + length; x += 1) paper[y * width + x] = 60;
  }
  return { pixels: paper, width, height };
}

/**
 * The camera's view of a ticket: `distance` is the QR's share of the frame height (near 0.6, far
 * 0.3), aimed at the frame centre, tilted (shear) and turned (angle) on a dark counter.
 */
type Condition = { angle: number; shear: number; blur: number; contrast: 'normal' | 'low' | 'very-low'; distance: number; noise: number };

const COUNTER = '#3c3c3c';

async function photo(ticketNumber: string, condition: Condition): Promise<Uint8ClampedArray> {
  const ticket = ticketImage(ticketNumber);
  const qrHeight = ticket.width / 1.5;
  const scale = (FRAME.height * condition.distance) / qrHeight;
  const sized = await sharp(ticket.pixels, { raw: { width: ticket.width, height: ticket.height, channels: 1 } })
    .resize(Math.round(ticket.width * scale), Math.round(ticket.height * scale))
    .png()
    .toBuffer();
  const turned = await sharp(sized)
    .affine([[1, condition.shear], [0, 1]], { background: COUNTER })
    .rotate(condition.angle, { background: COUNTER })
    .flatten({ background: COUNTER })
    .png()
    .toBuffer({ resolveWithObject: true });
  // Centre the turned ticket on the frame: pad where it is smaller, crop where it is larger.
  const { width, height } = turned.info;
  const padX = Math.max(0, Math.ceil((FRAME.width - width) / 2));
  const padY = Math.max(0, Math.ceil((FRAME.height - height) / 2));
  const padded = await sharp(turned.data).extend({ left: padX, right: padX, top: padY, bottom: padY, background: COUNTER }).png().toBuffer({ resolveWithObject: true });
  let image = sharp(padded.data).extract({
    left: Math.floor((padded.info.width - FRAME.width) / 2),
    top: Math.floor((padded.info.height - FRAME.height) / 2),
    width: FRAME.width,
    height: FRAME.height,
  });
  if (condition.contrast === 'low') image = sharp(await image.png().toBuffer()).linear(0.45, 95);
  if (condition.contrast === 'very-low') image = sharp(await image.png().toBuffer()).linear(0.25, 120);
  if (condition.blur > 0) image = sharp(await image.png().toBuffer()).blur(condition.blur);
  const { data, info } = await image.flatten({ background: COUNTER }).greyscale().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || info.width !== FRAME.width || info.height !== FRAME.height) throw new Error(`unexpected frame ${info.width}x${info.height}x${info.channels}`);
  const pixels = new Uint8ClampedArray(data.length);
  const next = random(condition.angle * 31 + Math.round(condition.distance * 100));
  for (let index = 0; index < data.length; index += 1) {
    // Sensor noise: roughly normal (sum of uniforms), sigma = condition.noise grey levels.
    const gauss = (next() + next() + next() + next() - 2) * Math.sqrt(3);
    pixels[index] = (data[index] ?? 0) + gauss * condition.noise;
  }
  return pixels;
}

function conditions(): Condition[] {
  const list: Condition[] = [];
  for (const angle of [0, 12, 30, 45, 90, 160, 225, 330])
    for (const blur of [0, 1, 1.8])
      for (const contrast of ['normal', 'low', 'very-low'] as const)
        for (const distance of [0.6, 0.4]) list.push({ angle, shear: angle % 60 === 30 ? 0.15 : 0, blur, contrast, distance, noise: contrast === 'normal' ? 4 : 6 });
  return list;
}

describe('QR decoding on real photos', () => {
  it('reads real photographed codes in camera frames, never a wrong text', { timeout: 180_000 }, async () => {
    const reads: PhotoRead[] = [];
    for (const photo of realQrPhotos()) reads.push(await readPhotoLikeTheCamera(photo, 'vga'));
    const rate = (subset: PhotoRead[]) => subset.filter((each) => each.isRead).length / subset.length;
    const flat = reads.filter((each) => each.photo.surface === 'flat');
    const cloth = reads.filter((each) => each.photo.surface === 'cloth');
    console.info(`[qr-real] read ${reads.filter((each) => each.isRead).length}/${reads.length} (${(rate(reads) * 100).toFixed(1)} %); flat ${(rate(flat) * 100).toFixed(1)} % of ${flat.length}, cloth ${(rate(cloth) * 100).toFixed(1)} % of ${cloth.length}`);
    console.info(`[qr-real] not read: ${reads.filter((each) => !each.isRead).map((each) => each.photo.file).join(' ')}`);
    expect(reads.filter((each) => each.wrongText !== undefined).map((each) => each.photo.file)).toEqual([]);
    // Issue 15's budget is 95 % of all real photos (126); the scanner reaches 131/132 here with the
    // nudged grids of qr-grid-retry.ts (122 without: README "Ticket QR on real photos"; the one
    // miss is a wrinkled T-shirt code, qrcode-4/33). These floors are the measured counts, so a
    // change that loses one photo fails. Flat codes (paper, cards, screens) are what a parking
    // ticket is.
    expect(reads.filter((each) => each.isRead).length).toBeGreaterThanOrEqual(131);
    expect(flat.filter((each) => each.isRead).length).toBeGreaterThanOrEqual(84);
  });
});

describe('ticket QR decoding on drawn tickets (smoke test)', () => {
  it('reads rotated, blurred, low-contrast ticket photos', { timeout: 180_000 }, async () => {
    const all = conditions();
    const byGroup = new Map<string, { total: number; read: number }>();
    let read = 0;
    let decodeMs = 0;
    const misses: string[] = [];
    for (const [index, condition] of all.entries()) {
      const ticketNumber = TICKETS[index % TICKETS.length] ?? 'PF7K2QX';
      const frame = await photo(ticketNumber, condition);
      // QR_ACCURACY_DUMP=<dir> writes every frame as PNG, to look at what the decoder saw.
      const dumpDir = process.env['QR_ACCURACY_DUMP'];
      if (dumpDir) await sharp(Buffer.from(frame), { raw: { ...FRAME, channels: 1 } }).png().toFile(`${dumpDir}/${index}-${condition.contrast}-a${condition.angle}-b${condition.blur}-d${condition.distance}.png`);
      const started = performance.now();
      const text = await decodeQrLuminance(frame, FRAME.width, FRAME.height);
      decodeMs += performance.now() - started;
      const parsed = text === undefined ? undefined : parseTicketNumber(text);
      const isRead = parsed?.ok === true && parsed.ticketNumber === ticketNumber;
      if (isRead) read += 1;
      else misses.push(JSON.stringify(condition));
      for (const key of [`blur ${condition.blur}`, `contrast ${condition.contrast}`, `distance ${condition.distance}`, `angle ${condition.angle}`]) {
        const group = byGroup.get(key) ?? { total: 0, read: 0 };
        group.total += 1;
        group.read += isRead ? 1 : 0;
        byGroup.set(key, group);
      }
    }
    const rate = read / all.length;
    console.info(`[qr-accuracy] decoded ${read}/${all.length} (${(rate * 100).toFixed(1)} %), mean ${(decodeMs / all.length).toFixed(1)} ms/frame (640x480, Node)`);
    for (const [key, group] of byGroup) console.info(`[qr-accuracy]   ${key}: ${group.read}/${group.total}`);
    if (misses.length) console.info(`[qr-accuracy] misses:\n  ${misses.join('\n  ')}`);
    expect(rate).toBeGreaterThanOrEqual(0.7);
    // Sharp, full-contrast tickets held near must always read, whatever the angle.
    const clean = all.filter((condition) => condition.blur === 0 && condition.contrast === 'normal' && condition.distance === 0.6);
    expect(misses.filter((miss) => clean.some((condition) => JSON.stringify(condition) === miss))).toEqual([]);
  });
});
