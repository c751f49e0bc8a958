/**
 * Real photos of QR codes read the way the camera reads a frame, for the accuracy test and
 * `npm run bench -- qr` (Node only: sharp draws what the camera's canvas would draw).
 *
 * The photos are tests/fixtures/qr-real/ (SOURCES.md: ZXing's blackbox photos, Apache-2.0), each
 * with the payload from the package's own ground-truth file. A photo becomes a camera frame in one
 * of two ways:
 * - `as-shot`: the photo is the frame, at its own size (most are 240×240 frames of 2008 phones);
 * - `vga`: the photo fitted into a 640×480 frame on mid grey, as a phone camera asked for 4:3
 *   delivers it and as the fake camera of the e2e tests shows a still.
 * Then each view of frameViews (the whole frame, its centre zoomed, the whole frame at ¾) is drawn,
 * turned grey with the camera's own toLuminance, and decoded with the scanner's decoder, in the
 * order the camera tries them, one a tick.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { frameViews, toLuminance } from './qr-camera';
import { loadQrDecoder } from './qr-scanner';

/** qr-camera.ts's FRAME_INTERVAL_MS: one view is decoded a tick. */
const TICK_MS = 150;
const VGA = { width: 640, height: 480 };

export const REAL_QR_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/qr-real');

export type Presentation = 'as-shot' | 'vga';
/** `cloth`: codes on T-shirts (wrinkled); `flat`: paper, cards, screens, like a parking ticket. */
export type Surface = 'flat' | 'cloth';
export type RealQrPhoto = { file: string; surface: Surface; expected: string };
export type PhotoRead = {
  photo: RealQrPhoto;
  isRead: boolean;
  /** A text that is not the expected payload (a misread), if any view answered one. */
  wrongText: string | undefined;
  /** ms spent in the decoder for each view tried. */
  decodeMs: number[];
  /** Ticks before the reading view plus the decoding time: how long a driver holds the camera still. */
  msToRead: number | undefined;
};

/** The photos of manifest.tsv with their expected payloads (the `.txt` beside each, unchanged). */
export function realQrPhotos(): RealQrPhoto[] {
  const [, ...rows] = readFileSync(path.join(REAL_QR_DIR, 'manifest.tsv'), 'utf8').trim().split('\n');
  return rows.map((row) => {
    const [file = '', , surface] = row.split('\t');
    return {
      file,
      surface: surface === 'cloth' ? 'cloth' : 'flat',
      expected: readFileSync(path.join(REAL_QR_DIR, file.replace(/\.png$/, '.txt')), 'utf8'),
    };
  });
}

async function cameraFrame(photo: RealQrPhoto, presentation: Presentation): Promise<{ image: Buffer; width: number; height: number }> {
  const file = path.join(REAL_QR_DIR, photo.file);
  const image = presentation === 'vga' ? await sharp(file).resize(VGA.width, VGA.height, { fit: 'contain', background: '#808080' }).png().toBuffer() : readFileSync(file);
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return { image, width, height };
}

/** Reads one photo through the camera's views, stopping at the first view that decodes anything. */
export async function readPhotoLikeTheCamera(photo: RealQrPhoto, presentation: Presentation): Promise<PhotoRead> {
  const decode = await loadQrDecoder();
  const frame = await cameraFrame(photo, presentation);
  const decodeMs: number[] = [];
  for (const [index, view] of frameViews(frame.width, frame.height).entries()) {
    // The canvas draw: crop the view and scale it (bilinear, like drawImage) to the decoded size.
    const { data } = await sharp(frame.image)
      .ensureAlpha()
      .extract({ left: view.sx, top: view.sy, width: view.sw, height: view.sh })
      .resize(view.width, view.height, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const luminance = toLuminance(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length));
    const started = performance.now();
    const text = decode(luminance, view.width, view.height);
    decodeMs.push(performance.now() - started);
    if (text === undefined) continue;
    const isRead = text === photo.expected;
    const msToRead = isRead ? index * TICK_MS + decodeMs.reduce((sum, ms) => sum + ms, 0) : undefined;
    return { photo, isRead, wrongText: isRead ? undefined : text, decodeMs, msToRead };
  }
  return { photo, isRead: false, wrongText: undefined, decodeMs, msToRead: undefined };
}

/** The value at `share` (0–1) of the sorted values, nearest rank; NaN for none. */
export const percentile = (values: number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN);
};

export const median = (values: number[]): number => percentile(values, 0.5);
