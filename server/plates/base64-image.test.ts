import { describe, expect, it } from 'vitest';
import { MAX_PLATE_IMAGE_BYTES } from '../../src/contract/plates.ts';
import { decodeBase64Image } from './base64-image.ts';

describe('the base64Image field', () => {
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

  it('accepts plain base64, URL-safe base64, line breaks and data URLs', () => {
    for (const field of [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      `${bytes.toString('base64').slice(0, 4)}\n${bytes.toString('base64').slice(4)}`,
      `data:image/jpeg;base64,${bytes.toString('base64')}`,
      `data:;base64,${bytes.toString('base64')}`,
    ]) {
      const decoded = decodeBase64Image(field);
      expect(decoded.ok && decoded.bytes.equals(bytes)).toBe(true);
    }
  });

  it('refuses text that is not base64', () => {
    expect(decodeBase64Image('not base64 at all!')).toMatchObject({ ok: false, status: 400, message: 'base64Image is not valid base64.' });
    expect(decodeBase64Image('A')).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses data URLs that are not images or not base64', () => {
    expect(decodeBase64Image('data:text/plain;base64,aGVsbG8=')).toMatchObject({ ok: false, status: 400 });
    expect(decodeBase64Image('data:image/png,abc')).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses more than 12 MB with 413', () => {
    const big = 'A'.repeat(Math.ceil(((MAX_PLATE_IMAGE_BYTES + 3) * 4) / 3 / 4) * 4);
    expect(decodeBase64Image(big)).toMatchObject({ ok: false, status: 413 });
  });
});
