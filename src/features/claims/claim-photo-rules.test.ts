import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, MAX_CLAIM_PHOTO_BYTES } from '../../contract/claims';
import { choosePhotos } from './claim-photo-rules';

const jpeg = (name: string, size = 1000) => ({ name, type: 'image/jpeg', size });

describe('choosePhotos', () => {
  it('keeps JPEG, PNG and WebP photos up to 5 in all', () => {
    const { accepted, message } = choosePhotos([jpeg('a'), { name: 'b', type: 'image/png', size: 5 }, { name: 'c', type: 'image/webp', size: 5 }], 2);
    expect(accepted.map((file) => file.name)).toEqual(['a', 'b', 'c']);
    expect(message).toBeUndefined();
  });

  it('leaves out the sixth photo with the count message', () => {
    const { accepted, message } = choosePhotos([jpeg('a'), jpeg('b')], 4);
    expect(accepted.map((file) => file.name)).toEqual(['a']);
    expect(message).toBe(CLAIM_MESSAGES.tooManyPhotos);
  });

  it('refuses other types and photos over 8 MB with their messages', () => {
    expect(choosePhotos([{ name: 'x.pdf', type: 'application/pdf', size: 10 }], 0)).toEqual({ accepted: [], message: CLAIM_MESSAGES.photoType });
    expect(choosePhotos([jpeg('big', MAX_CLAIM_PHOTO_BYTES + 1)], 0)).toEqual({ accepted: [], message: CLAIM_MESSAGES.photoTooLarge });
  });
});
