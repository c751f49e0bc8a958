/**
 * Proof of an exemption or residence as the server accepts it: 1 to MAX_EXEMPTION_PROOFS files,
 * each at most MAX_EXEMPTION_PROOF_BYTES, and an image or a PDF by its first bytes (the name and
 * the declared type are the caller's to choose). Images go through the claim photos' checks
 * (server/claims/claim-photos.ts: must decode; the viewing copy is upright, ≤ 1600 px, without
 * metadata); a PDF must start with "%PDF-" and end with "%%EOF". Every file is checked before
 * anything is stored.
 */
import { EXEMPTION_MESSAGES, MAX_EXEMPTION_PROOF_BYTES, MAX_EXEMPTION_PROOFS } from '../../src/contract/exemptions.ts';
import { preparePhotos, PhotoRefused, sniffImageType } from '../claims/claim-photos.ts';
import { HttpError } from '../lib/http-error.ts';

export type PreparedProof = { original: Buffer; contentType: string; viewing: Buffer | null };

const PDF_HEAD = Buffer.from('%PDF-');
const PDF_TAIL = Buffer.from('%%EOF');

/** A PDF by its bytes: the header first, and the end-of-file marker in its last kilobyte. */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, PDF_HEAD.length).equals(PDF_HEAD) && bytes.subarray(Math.max(0, bytes.length - 1024)).includes(PDF_TAIL);
}

export async function prepareProofs(files: readonly Buffer[]): Promise<PreparedProof[]> {
  if (files.length === 0) throw new HttpError(400, EXEMPTION_MESSAGES.proofRequired);
  if (files.length > MAX_EXEMPTION_PROOFS) throw new HttpError(400, EXEMPTION_MESSAGES.tooManyProofs);
  const prepared: PreparedProof[] = [];
  for (const [index, bytes] of files.entries()) {
    const which = `File ${index + 1}`;
    if (bytes.length === 0 || bytes.length > MAX_EXEMPTION_PROOF_BYTES) throw new HttpError(400, `${which}: ${bytes.length === 0 ? EXEMPTION_MESSAGES.proofRequired : EXEMPTION_MESSAGES.proofTooLarge}`);
    if (isPdf(bytes)) {
      prepared.push({ original: bytes, contentType: 'application/pdf', viewing: null });
      continue;
    }
    if (!sniffImageType(bytes)) throw new HttpError(400, `${which}: ${EXEMPTION_MESSAGES.proofType}`);
    try {
      const [photo] = await preparePhotos([bytes]);
      if (!photo) throw new PhotoRefused('no photo');
      prepared.push({ original: photo.original, contentType: photo.contentType, viewing: photo.viewing });
    } catch (error: unknown) {
      if (error instanceof PhotoRefused) throw new HttpError(400, `${which}: the image could not be read. ${EXEMPTION_MESSAGES.proofType}`);
      throw error;
    }
  }
  return prepared;
}
