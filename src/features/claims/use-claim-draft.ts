/**
 * The claim report's state, kept on the device as it is typed (claim-draft-store.ts), and its
 * sending: Submit checks the claim (the rules the server applies), marks the draft queued and hands
 * it to the outbox (claim-outbox.ts). With no network the draft stays queued and is sent when the
 * browser says it is back online, when the page is opened again, on a 30-second retry while it
 * waits, and — where the browser has Background Sync — by the service worker even after the page
 * is closed (claim-background-sync.ts); the page then shows the worker's receipt when it is next
 * open. The draft's id makes every one of those sends the same claim. Phases (spec 3 §4): editing,
 * saving, queued (waiting for a network), success (the received message replaces the form), error
 * (the server refused it).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkClaim, toClaimPayload, type ClaimDraft, type ClaimErrors, type ClaimReceipt } from '../../contract/claims';
import { toNewYorkDate } from '../../contract/vehicles';
import { onClaimOutboxChange, requestClaimSync } from './claim-background-sync';
import { claimDraftStore, newClaimDraft, type ClaimPhoto, type StoredClaimDraft } from './claim-draft-store';
import { choosePhotos } from './claim-photo-rules';
import { claimOutbox } from './claim-outbox';

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

  const persist = useCallback((next: StoredClaimDraft): Promise<boolean> => {
    latest.current = { ...latest.current, draft: next };
    setDraft(next);
    return claimDraftStore.save({ ...next, savedAt: Date.now() });
  }, []);

  const showReceipt = useCallback((filed: ClaimReceipt) => {
    // Filed: this page holds no draft any more (the next visit starts a new one).
    latest.current = { photos: [] };
    setReceipt(filed);
    setPhase('success');
    void claimOutbox.acknowledge();
  }, []);

  const send = useCallback(async () => {
    const { draft: current, photos: currentPhotos } = latest.current;
    if (!current?.isQueued || isSending.current) return;
    isSending.current = true;
    setPhase('saving');
    try {
      const result = await claimOutbox.flush({ draft: current, photos: currentPhotos });
      switch (result.kind) {
        case 'sent':
          showReceipt(result.receipt);
          return;
        case 'waiting':
          setServerMessage(result.message);
          setPhase('queued');
          // Let the service worker send it when the network is back, even if this page is closed.
          void requestClaimSync();
          return;
        case 'refused':
          setServerMessage(result.message);
          latest.current = { ...latest.current, draft: { ...current, isQueued: false, refusal: result.message } };
          setDraft(latest.current.draft);
          setPhase('error');
          return;
        case 'idle':
          // Someone else changed the draft (the worker refused it meanwhile): show what is stored.
          setPhase('editing');
          return;
      }
    } finally {
      isSending.current = false;
    }
  }, [showReceipt]);

  /** Shows what the device holds: a receipt the worker filed, a refusal, a queued draft (sent now) or the draft being typed. */
  const open = useCallback(async (isActive: () => boolean) => {
    const stored = await claimDraftStore.load();
    const filed = stored?.draft.isQueued ? undefined : await claimDraftStore.readSentReceipt();
    if (!isActive()) return;
    const loaded = stored?.draft ?? newClaimDraft();
    latest.current = { draft: loaded, photos: stored?.photos ?? [] };
    setDraft(loaded);
    setPhotos(stored?.photos ?? []);
    setServerMessage(loaded.refusal);
    if (filed) showReceipt(filed);
    else if (loaded.isQueued) {
      setPhase('queued');
      void send();
    } else setPhase(loaded.refusal ? 'error' : 'editing');
  }, [send, showReceipt]);

  useEffect(() => {
    let isActive = true;
    void open(() => isActive);
    // The service worker filed (or saw refused) the queued claim while this page waited to send it
    // (a send of the page's own, waiting for the worker's lock, finds the outcome by itself).
    const stop = onClaimOutboxChange(() => {
      if (latest.current.draft?.isQueued && !isSending.current) void open(() => isActive);
    });
    return () => {
      isActive = false;
      stop();
    };
  }, [open]);

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
    void persist({ ...current, values: { ...current.values, [field]: value } });
    setErrors((shown) => (shown[field] ? { ...shown, [field]: undefined } : shown));
  }, [persist]);

  const addPhotos = useCallback(async (files: readonly File[]) => {
    const current = latest.current.draft;
    if (!current) return;
    const { accepted, message } = choosePhotos(files, latest.current.photos.length);
    setPhotoMessage(message);
    const added = accepted.map((file) => ({ photoId: crypto.randomUUID(), name: file.name, type: file.type, size: file.size, blob: file as Blob }));
    // Blobs first, then the record naming them, so a reload never names a photo that is not kept.
    await Promise.all(added.map((photo) => claimDraftStore.savePhoto(photo)));
    const kept = [...latest.current.photos, ...added];
    latest.current = { ...latest.current, photos: kept };
    setPhotos(kept);
    // Re-read: the person may have typed while the photos were being stored.
    const now = latest.current.draft ?? current;
    void persist({ ...now, photoIds: [...now.photoIds, ...added.map((photo) => photo.photoId)] });
  }, [persist]);

  const removePhoto = useCallback((photoId: string) => {
    const current = latest.current.draft;
    if (!current) return;
    setPhotoMessage(undefined);
    const kept = latest.current.photos.filter((photo) => photo.photoId !== photoId);
    latest.current = { ...latest.current, photos: kept };
    setPhotos(kept);
    void persist({ ...current, photoIds: current.photoIds.filter((id) => id !== photoId) });
    void claimDraftStore.removePhoto(photoId);
  }, [persist]);

  /** Checks the claim with the server's own rules; when valid, queues and sends it. False when not valid. */
  const submit = useCallback((now: Date): boolean => {
    const current = latest.current.draft;
    if (!current) return false;
    const found = checkClaim(toClaimPayload(current.values), now, toNewYorkDate(now));
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setServerMessage(undefined);
    // Stored queued before the outbox reads it back (the worker may be the one that sends it).
    void persist({ ...current, isQueued: true, refusal: undefined }).then(send);
    return true;
  }, [persist, send]);

  /** Back to editing a queued draft (nothing is sent until Submit again). */
  const keepEditing = useCallback(() => {
    const current = latest.current.draft;
    if (!current || isSending.current) return;
    void persist({ ...current, isQueued: false });
    setPhase('editing');
  }, [persist]);

  return { phase, values: draft?.values, photos, errors, photoMessage, serverMessage, receipt, setField, addPhotos, removePhoto, submit, keepEditing };
}
