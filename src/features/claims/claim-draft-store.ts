/**
 * The claim draft on the device (IndexedDB through lib/offline-store): what was typed, the photos
 * as Blobs, and whether the person already pressed Submit (`isQueued`: send it as soon as there is
 * a network). The photos sit under their own keys so typing rewrites only the small record.
 * The draft's id is the Idempotency-Key of its send, so a retry can never file it twice.
 */
import { EMPTY_CLAIM_DRAFT, type ClaimDraft } from '../../contract/claims';
import { readDraft, removeDraft, saveDraft } from '../../lib/offline-store';

export type ClaimPhoto = { photoId: string; name: string; type: string; size: number; blob: Blob };

export type StoredClaimDraft = { draftId: string; values: ClaimDraft; photoIds: string[]; isQueued: boolean; savedAt: number };

const DRAFT_KEY = 'claim-report';
const photoKey = (photoId: string) => `claim-report-photo:${photoId}`;

export const newClaimDraft = (): StoredClaimDraft => ({ draftId: crypto.randomUUID(), values: { ...EMPTY_CLAIM_DRAFT }, photoIds: [], isQueued: false, savedAt: Date.now() });

export async function loadClaimDraft(): Promise<{ draft: StoredClaimDraft; photos: ClaimPhoto[] } | undefined> {
  const draft = await readDraft<StoredClaimDraft>(DRAFT_KEY);
  if (!draft) return undefined;
  const photos = await Promise.all(draft.photoIds.map((photoId) => readDraft<ClaimPhoto>(photoKey(photoId))));
  // Fields added to the form after the draft was saved start empty.
  return { draft: { ...draft, values: { ...EMPTY_CLAIM_DRAFT, ...draft.values } }, photos: photos.filter((photo): photo is ClaimPhoto => photo !== undefined) };
}

export const saveClaimDraft = (draft: StoredClaimDraft) => saveDraft(DRAFT_KEY, draft);

export const saveClaimPhoto = (photo: ClaimPhoto) => saveDraft(photoKey(photo.photoId), photo);

export const removeClaimPhoto = (photoId: string) => removeDraft(photoKey(photoId));

export async function clearClaimDraft(draft: StoredClaimDraft): Promise<void> {
  await Promise.all(draft.photoIds.map((photoId) => removeDraft(photoKey(photoId))));
  await removeDraft(DRAFT_KEY);
}
