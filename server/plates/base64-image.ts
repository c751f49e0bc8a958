/**
 * The photo field of a recognise call: plain base64 (standard or URL-safe alphabet, padding
 * optional, line breaks tolerated) or a data URL. Returns the bytes or a user-facing reason.
 */
import { MAX_PLATE_IMAGE_BYTES } from '../../src/contract/plates.ts';

export type DecodedField = { ok: true; bytes: Buffer } | { ok: false; status: 400 | 413; message: string };

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?(;[a-z0-9-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

export function decodeBase64Image(field: string): DecodedField {
  let body = field.trim();
  const prefix = DATA_URL.exec(body);
  if (prefix) {
    const mime = prefix[1]?.toLowerCase();
    if (mime && !mime.startsWith('image/')) return { ok: false, status: 400, message: `base64Image is a data URL of ${mime}, not an image.` };
    body = body.slice(prefix[0].length);
  } else if (body.startsWith('data:')) {
    return { ok: false, status: 400, message: 'base64Image is a data URL without ";base64,": send the photo base64-encoded.' };
  }
  body = body.replace(/\s+/g, '');
  if (!body || !BASE64.test(body) || body.length % 4 === 1) {
    return { ok: false, status: 400, message: 'base64Image is not valid base64.' };
  }
  if (Math.floor((body.length * 3) / 4) > MAX_PLATE_IMAGE_BYTES + 2) {
    return { ok: false, status: 413, message: `The photo is larger than ${MAX_PLATE_IMAGE_BYTES / (1024 * 1024)} MB. Send a smaller photo.` };
  }
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > MAX_PLATE_IMAGE_BYTES) {
    return { ok: false, status: 413, message: `The photo is larger than ${MAX_PLATE_IMAGE_BYTES / (1024 * 1024)} MB. Send a smaller photo.` };
  }
  return { ok: true, bytes };
}
