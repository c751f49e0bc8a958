/**
 * The photo picker's own checks, before anything is kept: count, size and declared type. The
 * server checks again by the file's bytes (a renamed file passes here and is refused there).
 */
import { CLAIM_MESSAGES, CLAIM_PHOTO_TYPES, MAX_CLAIM_PHOTO_BYTES, MAX_CLAIM_PHOTOS } from '../../contract/claims';

export type PickedFile = { name: string; type: string; size: number };

/** The files that can be added to `alreadyKept` photos, and the message for any left out. */
export function choosePhotos<F extends PickedFile>(files: readonly F[], alreadyKept: number): { accepted: F[]; message: string | undefined } {
  const accepted: F[] = [];
  let message: string | undefined;
  for (const file of files) {
    if (!(CLAIM_PHOTO_TYPES as readonly string[]).includes(file.type)) message = CLAIM_MESSAGES.photoType;
    else if (file.size > MAX_CLAIM_PHOTO_BYTES) message = CLAIM_MESSAGES.photoTooLarge;
    else if (alreadyKept + accepted.length >= MAX_CLAIM_PHOTOS) message = CLAIM_MESSAGES.tooManyPhotos;
    else accepted.push(file);
  }
  return { accepted, message };
}
