/**
 * The claim draft on the device (IndexedDB through lib/offline-store): what was typed, the photos
 * as Blobs, whether the person already pressed Submit (`isQueued`: send it as soon as there is a
 * network), and the receipt of a queued claim sent while no page showed it (by the service worker,
 * claim-outbox.ts), kept until a page has shown it. The photos sit under their own keys so typing
 * rewrites only the small record. The draft's id is the Idempotency-Key of its send, so a retry can
 * never file it twice. Read by the page and by the service worker, so nothing here touches the DOM.
 */
import { EMPTY_CLAIM_DRAFT, type ClaimDraft, type ClaimReceipt } from '../../contract/claims';
import { readDraft, removeDraft, saveDraft } from '../../lib/offline-store';

export type ClaimPhoto = { photoId: string; name: string; type: string; size: number; blob: Blob };

export type StoredClaimDraft = {
  draftId: string;
  values: ClaimDraft;
  photoIds: string[];
  isQueued: boolean;
  /** The server's message when it refused the queued claim: shown when the form opens again. */
  refusal?: string;
  savedAt: number;
};

export type StoredClaim = { draft: StoredClaimDraft; photos: ClaimPhoto[] };

/** Where the store keeps its records: lib/offline-store's drafts database, or memory in tests. */
export type DraftStorage = {
  read: <T>(key: string) => Promise<T | undefined>;
  save: (key: string, value: unknown) => Promise<boolean>;
  remove: (key: string) => Promise<void>;
};

const DRAFT_KEY = 'claim-report';
const SENT_RECEIPT_KEY = 'claim-report-sent';
const photoKey = (photoId: string) => `claim-report-photo:${photoId}`;

export const newClaimDraft = (): StoredClaimDraft => ({ draftId: crypto.randomUUID(), values: { ...EMPTY_CLAIM_DRAFT }, photoIds: [], isQueued: false, savedAt: Date.now() });

export function createClaimDraftStore(storage: DraftStorage) {
  return {
    async load(): Promise<StoredClaim | undefined> {
      const draft = await storage.read<StoredClaimDraft>(DRAFT_KEY);
      if (!draft) return undefined;
      const photos = await Promise.all(draft.photoIds.map((photoId) => storage.read<ClaimPhoto>(photoKey(photoId))));
      // Fields added to the form after the draft was saved start empty.
      return { draft: { ...draft, values: { ...EMPTY_CLAIM_DRAFT, ...draft.values } }, photos: photos.filter((photo): photo is ClaimPhoto => photo !== undefined) };
    },
    save: (draft: StoredClaimDraft) => storage.save(DRAFT_KEY, draft),
    savePhoto: (photo: ClaimPhoto) => storage.save(photoKey(photo.photoId), photo),
    removePhoto: (photoId: string) => storage.remove(photoKey(photoId)),
    /** The draft and its photos, once the claim is filed. */
    async clear(draft: StoredClaimDraft): Promise<void> {
      await Promise.all(draft.photoIds.map((photoId) => storage.remove(photoKey(photoId))));
      await storage.remove(DRAFT_KEY);
    },
    readSentReceipt: () => storage.read<ClaimReceipt>(SENT_RECEIPT_KEY),
    saveSentReceipt: (receipt: ClaimReceipt) => storage.save(SENT_RECEIPT_KEY, receipt),
    removeSentReceipt: () => storage.remove(SENT_RECEIPT_KEY),
  };
}

export type ClaimDraftStore = ReturnType<typeof createClaimDraftStore>;

export const claimDraftStore = createClaimDraftStore({ read: readDraft, save: saveDraft, remove: removeDraft });
