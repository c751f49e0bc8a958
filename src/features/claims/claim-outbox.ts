/**
 * The claim outbox: sends the claim the person queued (Submit) from the device's copy
 * (claim-draft-store.ts). The one sending path for both senders: the page (on Submit, on open, on
 * the `online` event, every 30 s while queued) and the service worker (sw/claims-sync.ts, on
 * Background Sync's `sync` event, with no page open). Nothing here touches the DOM.
 *
 * Once only: the draft's id is the request's Idempotency-Key, so the server files a draft sent
 * twice as one claim (the second send gets the first receipt); and a lock shared by the page and
 * the worker (Web Locks) lets one of them send at a time, the other then finding the draft gone.
 * A claim filed by the worker leaves its receipt on the device until a page has shown it.
 */
import { CLAIM_FIELD, claimReceiptSchema, PHOTOS_FIELD, SUBMISSION_ID_HEADER, toClaimPayload, type ClaimPayload, type ClaimReceipt } from '../../contract/claims';
import { createApiClient } from '../../lib/create-api-client';
import { ApiError, getErrorMessage, NetworkError } from '../../lib/errors';
import { claimDraftStore, type ClaimDraftStore, type StoredClaim } from './claim-draft-store';

/** Background Sync tag the page registers when a queued claim could not be sent. */
export const CLAIMS_SYNC_TAG = 'claims-outbox';
/** Worker → page: the outbox changed (a claim filed or refused); the page reads the draft again. */
export const CLAIM_OUTBOX_CHANGED = 'CLAIM_OUTBOX_CHANGED';

export const CLAIMS_PATH = '/claims/api/claims/customers';

export type OutboxResult =
  /** Filed: now, or earlier by the other sender and not shown yet. */
  | { kind: 'sent'; receipt: ClaimReceipt }
  /** Not sent yet (no network, or the server could not take it now): still queued. */
  | { kind: 'waiting'; message?: string }
  /** The server refused it (400): back to the person, with the server's message. */
  | { kind: 'refused'; message: string }
  /** Nothing queued. */
  | { kind: 'idle' };

export type ClaimPhotoUpload = { name: string; blob: Blob };

/** One multipart POST (the claim JSON and its photos, stored whole or not at all); ApiError / NetworkError on failure. */
export async function postClaim(draftId: string, claim: ClaimPayload, photos: readonly ClaimPhotoUpload[], send: typeof fetch = fetch): Promise<ClaimReceipt> {
  const form = new FormData();
  form.set(CLAIM_FIELD, JSON.stringify(claim));
  for (const photo of photos) form.append(PHOTOS_FIELD, photo.blob, photo.name);
  // The app's API client, built here because the worker has none: a claim is anonymous (no token).
  const { apiFetch } = createApiClient({ fetch: (...args) => send(...args), getToken: async () => null, onUnauthorized: () => undefined });
  return apiFetch(CLAIMS_PATH, { method: 'POST', form, headers: { [SUBMISSION_ID_HEADER]: draftId }, schema: claimReceiptSchema });
}

type Lock = <T>(run: () => Promise<T>) => Promise<T>;

let inProcessQueue: Promise<unknown> = Promise.resolve();

/** Web Locks where there are (the page and the worker share them); else one at a time in this process. */
function outboxLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  // request() resolves with what run() resolves with.
  if (locks) return locks.request('pf-claims-outbox', run) as Promise<T>;
  const result = inProcessQueue.then(run);
  inProcessQueue = result.catch(() => undefined);
  return result;
}

const isRetryable = (error: unknown) => error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 429));

export function createClaimOutbox({ store = claimDraftStore, send = fetch, lock = outboxLock }: { store?: ClaimDraftStore; send?: typeof fetch; lock?: Lock } = {}) {
  async function sendStored({ draft, photos }: StoredClaim, isKept: boolean): Promise<OutboxResult> {
    let receipt: ClaimReceipt;
    try {
      receipt = await postClaim(draft.draftId, toClaimPayload(draft.values), photos.map(({ name, blob }) => ({ name, blob })), send);
    } catch (error: unknown) {
      if (isRetryable(error)) return { kind: 'waiting', message: error instanceof NetworkError ? undefined : getErrorMessage(error) };
      const message = getErrorMessage(error);
      if (isKept) await store.save({ ...draft, isQueued: false, refusal: message, savedAt: Date.now() });
      return { kind: 'refused', message };
    }
    // Receipt first: a worker stopped between the two leaves a receipt to show, never a draft sent twice unseen.
    await store.saveSentReceipt(receipt);
    await store.clear(draft);
    return { kind: 'sent', receipt };
  }

  return {
    /**
     * Sends the queued draft, if any. `unkept` is the page's own copy, sent when the device would
     * not keep the draft (private mode, full quota) so that Submit still works there.
     */
    flush(unkept?: StoredClaim): Promise<OutboxResult> {
      return lock(async () => {
        const stored = await store.load();
        if (stored?.draft.isQueued) return sendStored(stored, true);
        const receipt = await store.readSentReceipt();
        if (receipt) return { kind: 'sent', receipt };
        if (unkept?.draft.isQueued && !stored) return sendStored(unkept, false);
        return { kind: 'idle' };
      });
    },
    /** The page has shown the receipt: the next visit starts a new claim. */
    acknowledge: () => store.removeSentReceipt(),
  };
}

export const claimOutbox = createClaimOutbox();
