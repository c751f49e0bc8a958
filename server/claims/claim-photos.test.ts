import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, MAX_CLAIM_PHOTO_BYTES } from '../../src/contract/claims.ts';
import { preparePhotos, sniffImageType } from './claim-photos.ts';

describe('sniffImageType', () => {
  it('names JPEG, PNG and WebP by their first bytes only', async () => {
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } });
    expect(sniffImageType(await image.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await image.clone().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await image.clone().webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await image.clone().gif().toBuffer())).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
  });
});

describe('preparePhotos', () => {
  it('turns the photo upright, fits it in 1600 px as JPEG and drops its metadata', async () => {
    // Stored 2000 × 1000 with EXIF orientation 6 (rotate 90°): upright it is 1000 × 2000.
    const sideways = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#08c' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const [photo] = await preparePhotos([sideways]);
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 800, height: 1600 });
    const viewing = await sharp(photo?.viewing).metadata();
    expect([viewing.format, viewing.width, viewing.height, viewing.orientation, viewing.exif]).toEqual(['jpeg', 800, 1600, undefined, undefined]);
  });

  it('refuses a sixth photo, an oversized one and a non-image, naming which', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(preparePhotos(Array.from({ length: 6 }, () => png))).rejects.toThrow(CLAIM_MESSAGES.tooManyPhotos);
    await expect(preparePhotos([png, Buffer.alloc(MAX_CLAIM_PHOTO_BYTES + 1, 0xff)])).rejects.toThrow(`Photo 2: ${CLAIM_MESSAGES.photoTooLarge}`);
    await expect(preparePhotos([Buffer.from('GIF89a')])).rejects.toThrow(`Photo 1: ${CLAIM_MESSAGES.photoType}`);
  });
});
