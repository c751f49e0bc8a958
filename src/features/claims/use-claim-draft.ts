/**
 * The claim report's state, kept on the device as it is typed (claim-draft-store.ts), and its
 * outbox: Submit checks the claim (the rules the server applies), marks the draft queued and sends
 * it; with no network the draft stays queued and is sent when the browser says it is back online,
 * when the page is opened again, or on a 30-second retry while it waits. The draft's id makes every
 * one of those sends the same claim. Phases (spec 3 §4): editing, saving, queued (waiting for a
 * network), success (the received message replaces the form), error (the server refused it).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkClaim, toClaimPayload, type ClaimDraft, type ClaimErrors, type ClaimReceipt } from '../../contract/claims';
import { toNewYorkDate } from '../../contract/vehicles';
import { ApiError, getErrorMessage, NetworkError } from '../../lib/errors';
import { clearClaimDraft, loadClaimDraft, newClaimDraft, removeClaimPhoto, saveClaimDraft, saveClaimPhoto, type ClaimPhoto, type StoredClaimDraft } from './claim-draft-store';
import { choosePhotos } from './claim-photo-rules';
import { sendClaim } from './claims-api';

export type ClaimPhase = 'loading' | 'editing' | 'saving' | 'queued' | 'success' | 'error';

const RETRY_MS = 30_000;

export function useClaimDraft() {
  const [draft, setDraft] = useState<StoredClaimDraft | undefined>();
  const [photos, setPhotos] = useState<ClaimPhoto[]>([]);
  const [phase, setPhase] = useState<ClaimPhase>('loading');
  const [errors, setErrors] = useState<ClaimErrors>({});
  const [photoMessage, setPhotoMessage] = useState<string | undefined>();
  const [serverMessage, setServerMessage] = useState<string | undefined>();
  const [receipt, setReceipt] = useState<ClaimReceipt | undefined>();
  const isSending = useRef(false);
  const latest = useRef<{ draft?: StoredClaimDraft; photos: ClaimPhoto[] }>({ photos: [] });

  const persist = useCallback((next: StoredClaimDraft) => {
    latest.current = { ...latest.current, draft: next };
    setDraft(next);
    void saveClaimDraft({ ...next, savedAt: Date.now() });
  }, []);

  const send = useCallback(async () => {
    const { draft: current, photos: currentPhotos } = latest.current;
    if (!current?.isQueued || isSending.current) return;
    isSending.current = true;
    setPhase('saving');
    try {
      const result = await sendClaim(current.draftId, toClaimPayload(current.values), currentPhotos.map((photo) => ({ name: photo.name, blob: photo.blob })));
      await clearClaimDraft(current);
      setReceipt(result);
      setPhase('success');
    } catch (error: unknown) {
      // No answer, or the server could not take it now: keep it queued for the next chance.
      const isRetryable = error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 429));
      if (isRetryable) {
        setServerMessage(error instanceof NetworkError ? undefined : getErrorMessage(error));
        setPhase('queued');
      } else {
        setServerMessage(getErrorMessage(error));
        persist({ ...current, isQueued: false });
        setPhase('error');
      }
    } finally {
      isSending.current = false;
    }
  }, [persist]);

  useEffect(() => {
    let isActive = true;
    void loadClaimDraft().then((stored) => {
      if (!isActive) return;
      const loaded = stored?.draft ?? newClaimDraft();
      setDraft(loaded);
      setPhotos(stored?.photos ?? []);
      latest.current = { draft: loaded, photos: stored?.photos ?? [] };
      setPhase(loaded.isQueued ? 'queued' : 'editing');
      if (loaded.isQueued) void send();
    });
    return () => {
      isActive = false;
    };
  }, [send]);

  useEffect(() => {
    if (phase !== 'queued') return undefined;
    const retry = () => void send();
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [phase, send]);

  const setField = useCallback(<K extends keyof ClaimDraft>(field: K, value: ClaimDraft[K]) => {
    const current = latest.current.draft;
    if (!current) return;
    persist({ ...current, values: { ...current.values, [field]: value } });
    setErrors((shown) => (shown[field] ? { ...shown, [field]: undefined } : shown));
  }, [persist]);

  const addPhotos = useCallback(async (files: readonly File[]) => {
    const current = latest.current.draft;
    if (!current) return;
    const { accepted, message } = choosePhotos(files, latest.current.photos.length);
    setPhotoMessage(message);
    const added = accepted.map((file) => ({ photoId: crypto.randomUUID(), name: file.name, type: file.type, size: file.size, blob: file as Blob }));
    // Blobs first, then the record naming them, so a reload never names a photo that is not kept.
    await Promise.all(added.map((photo) => saveClaimPhoto(photo)));
    const kept = [...latest.current.photos, ...added];
    latest.current = { ...latest.current, photos: kept };
    setPhotos(kept);
    // Re-read: the person may have typed while the photos were being stored.
    const now = latest.current.draft ?? current;
    persist({ ...now, photoIds: [...now.photoIds, ...added.map((photo) => photo.photoId)] });
  }, [persist]);

  const removePhoto = useCallback((photoId: string) => {
    const current = latest.current.draft;
    if (!current) return;
    setPhotoMessage(undefined);
    const kept = latest.current.photos.filter((photo) => photo.photoId !== photoId);
    latest.current = { ...latest.current, photos: kept };
    setPhotos(kept);
    persist({ ...current, photoIds: current.photoIds.filter((id) => id !== photoId) });
    void removeClaimPhoto(photoId);
  }, [persist]);

  /** Checks the claim with the server's own rules; when valid, queues and sends it. False when not valid. */
  const submit = useCallback((now: Date): boolean => {
    const current = latest.current.draft;
    if (!current) return false;
    const found = checkClaim(toClaimPayload(current.values), now, toNewYorkDate(now));
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setServerMessage(undefined);
    persist({ ...current, isQueued: true });
    void send();
    return true;
  }, [persist, send]);

  /** Back to editing a queued draft (nothing is sent until Submit again). */
  const keepEditing = useCallback(() => {
    const current = latest.current.draft;
    if (!current || isSending.current) return;
    persist({ ...current, isQueued: false });
    setPhase('editing');
  }, [persist]);

  return { phase, values: draft?.values, photos, errors, photoMessage, serverMessage, receipt, setField, addPhotos, removePhoto, submit, keepEditing };
}
