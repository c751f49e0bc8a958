/**
 * Claim photos as the server accepts them: at most MAX_CLAIM_PHOTOS, each at most
 * MAX_CLAIM_PHOTO_BYTES, and a JPEG, PNG or WebP by its first bytes (the name and the declared
 * type are the caller's to choose, so neither counts). Each must also decode; the staff copy is
 * the photo turned upright (EXIF) and fitted in 1600 px as a JPEG, which also drops its metadata
 * (a phone photo's GPS position is the customer's, not the claims desk's).
 * `preparePhotos` checks every photo before anything is stored, so a bad one stores nothing.
 */
import sharp from 'sharp';
import { CLAIM_MESSAGES, MAX_CLAIM_PHOTO_BYTES, MAX_CLAIM_PHOTOS } from '../../src/contract/claims.ts';

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

export type PreparedPhoto = { original: Buffer; contentType: PhotoType; viewing: Buffer; width: number; height: number };

export class PhotoRefused extends Error {}

const VIEWING_MAX_PX = 1600;
const MAX_PIXELS = 50_000_000;

/** The image type named by the file's first bytes, or undefined. */
export function sniffImageType(bytes: Uint8Array): PhotoType | undefined {
  const starts = (signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

async function preparePhoto(bytes: Buffer, position: number): Promise<PreparedPhoto> {
  const which = `Photo ${position}`;
  if (bytes.length > MAX_CLAIM_PHOTO_BYTES) throw new PhotoRefused(`${which}: ${CLAIM_MESSAGES.photoTooLarge}`);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new PhotoRefused(`${which}: ${CLAIM_MESSAGES.photoType}`);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(VIEWING_MAX_PX, VIEWING_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { original: bytes, contentType, viewing: data, width: info.width, height: info.height };
  } catch {
    throw new PhotoRefused(`${which}: the image could not be read. ${CLAIM_MESSAGES.photoType}`);
  }
}

export async function preparePhotos(files: readonly Buffer[]): Promise<PreparedPhoto[]> {
  if (files.length > MAX_CLAIM_PHOTOS) throw new PhotoRefused(CLAIM_MESSAGES.tooManyPhotos);
  const prepared: PreparedPhoto[] = [];
  // One at a time: decoding five 8 MB photos at once would hold them all in memory together.
  for (const [index, bytes] of files.entries()) prepared.push(await preparePhoto(bytes, index + 1));
  return prepared;
}
