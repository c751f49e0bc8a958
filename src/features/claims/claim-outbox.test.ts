import { describe, expect, it } from 'vitest';
import { EMPTY_CLAIM_DRAFT, toClaimPayload, type ClaimReceipt } from '../../contract/claims';
import { createClaimDraftStore, type ClaimPhoto, type DraftStorage, type StoredClaimDraft } from './claim-draft-store';
import { CLAIMS_PATH, createClaimOutbox } from './claim-outbox';

/** The drafts database in memory, values cloned as IndexedDB does; `isBroken` plays private mode. */
function memoryStorage({ isBroken = false } = {}) {
  const records = new Map<string, unknown>();
  const storage: DraftStorage = {
    read: <T,>(key: string) => Promise.resolve(isBroken ? undefined : (structuredClone(records.get(key)) as T | undefined)),
    save: (key, value) => {
      if (!isBroken) records.set(key, structuredClone(value));
      return Promise.resolve(!isBroken);
    },
    remove: (key) => {
      records.delete(key);
      return Promise.resolve();
    },
  };
  return { storage, records };
}

type Sent = { path: string; key: string | null; claim: unknown; photos: { name: string; text: string }[] };

/**
 * The claims service as the outbox meets it: one claim per Idempotency-Key (a second send gets the
 * first receipt, as server/claims/routes.ts answers), or the answer `respond` picks for this try.
 */
function claimsServer(respond: (attempt: number) => 'file' | 'offline' | Response = () => 'file') {
  const sent: Sent[] = [];
  const filed = new Map<string, ClaimReceipt>();
  const send = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const answer = respond(sent.length + 1);
    const request = new Request(new URL(String(input), 'http://127.0.0.1'), init);
    const form = await request.formData();
    const photos = await Promise.all(form.getAll('photos').map(async (file) => ({ name: (file as File).name, text: await (file as File).text() })));
    const key = request.headers.get('Idempotency-Key');
    sent.push({ path: new URL(request.url).pathname, key, claim: JSON.parse(String(form.get('claim'))), photos });
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    if (answer instanceof Response) return answer;
    const earlier = filed.get(key ?? '');
    if (earlier) return Response.json(earlier, { status: 200 });
    const receipt = { claimId: filed.size + 1, claimNumber: 'E20417', photoCount: photos.length, message: 'Your information has been received.' };
    filed.set(key ?? '', receipt);
    return Response.json(receipt, { status: 201 });
  };
  return { send: send as typeof fetch, sent, filed };
}

const photo = (photoId: string, text: string): ClaimPhoto => ({ photoId, name: `${photoId}.jpg`, type: 'image/jpeg', size: text.length, blob: new Blob([text], { type: 'image/jpeg' }) });

const queuedDraft = (photoIds: string[]): StoredClaimDraft => ({
  draftId: 'draft-0001-aaaa',
  values: { ...EMPTY_CLAIM_DRAFT, locationID: '7', claimNumber: 'E20417', firstName: 'Pat', lastName: 'Driver', primaryPhone: '' },
  photoIds,
  isQueued: true,
  savedAt: 0,
});

async function deviceWithQueuedClaim() {
  const { storage, records } = memoryStorage();
  const store = createClaimDraftStore(storage);
  const photos = [photo('p1', 'front bumper'), photo('p2', 'door')];
  for (const stored of photos) await store.savePhoto(stored);
  const draft = queuedDraft(photos.map((stored) => stored.photoId));
  await store.save(draft);
  return { store, records, draft };
}

describe('claim outbox', () => {
  it('sends the queued draft with its photos under the draft id, then keeps only the receipt', async () => {
    const { store, records, draft } = await deviceWithQueuedClaim();
    const server = claimsServer();
    const result = await createClaimOutbox({ store, send: server.send }).flush();

    expect(server.sent).toEqual([{
      path: CLAIMS_PATH,
      key: draft.draftId,
      claim: toClaimPayload(draft.values),
      photos: [{ name: 'p1.jpg', text: 'front bumper' }, { name: 'p2.jpg', text: 'door' }],
    }]);
    const receipt = { claimId: 1, claimNumber: 'E20417', photoCount: 2, message: 'Your information has been received.' };
    expect(result).toEqual({ kind: 'sent', receipt });
    // The draft and both photos are gone; the receipt waits for a page to show it.
    expect([...records.keys()]).toEqual(['claim-report-sent']);
    expect(await store.readSentReceipt()).toEqual(receipt);
  });

  it('keeps the claim queued, photos and all, while there is no network or the server cannot take it', async () => {
    const { store, draft } = await deviceWithQueuedClaim();
    const answers = ['offline', Response.json({ message: 'Service unavailable' }, { status: 503 }), Response.json({ message: 'Too many requests' }, { status: 429 })] as const;
    const server = claimsServer((attempt) => answers[attempt - 1] ?? 'file');
    const outbox = createClaimOutbox({ store, send: server.send });

    expect(await outbox.flush()).toEqual({ kind: 'waiting', message: undefined });
    expect(await outbox.flush()).toEqual({ kind: 'waiting', message: 'Service unavailable' });
    expect(await outbox.flush()).toEqual({ kind: 'waiting', message: 'Too many requests' });
    const kept = await store.load();
    expect(kept?.draft).toEqual(draft);
    expect(kept?.photos.map((stored) => stored.photoId)).toEqual(['p1', 'p2']);

    expect((await outbox.flush()).kind).toBe('sent');
    expect(new Set(server.sent.map((sent) => sent.key))).toEqual(new Set([draft.draftId]));
  });

  it('gives a refused claim back to the person with the server\'s message, nothing typed lost', async () => {
    const { store, draft } = await deviceWithQueuedClaim();
    const server = claimsServer(() => Response.json({ message: 'Location field is required' }, { status: 400 }));
    const outbox = createClaimOutbox({ store, send: server.send });

    expect(await outbox.flush()).toEqual({ kind: 'refused', message: 'Location field is required' });
    const kept = await store.load();
    expect(kept?.draft).toMatchObject({ draftId: draft.draftId, values: draft.values, photoIds: ['p1', 'p2'], isQueued: false, refusal: 'Location field is required' });
    expect(kept?.photos).toHaveLength(2);
    // Not queued any more: nothing is sent until the person submits again.
    expect(await outbox.flush()).toEqual({ kind: 'idle' });
    expect(server.sent).toHaveLength(1);
  });

  it('files the claim once when the page and the service worker send at the same moment', async () => {
    const { store } = await deviceWithQueuedClaim();
    const server = claimsServer();
    const page = createClaimOutbox({ store, send: server.send });
    const worker = createClaimOutbox({ store, send: server.send });

    const [fromPage, fromWorker] = await Promise.all([page.flush(), worker.flush()]);
    expect(server.sent).toHaveLength(1);
    expect(fromPage).toEqual(fromWorker);
    expect(fromPage.kind).toBe('sent');
  });

  it('shows the page a claim the worker filed while it was closed, until the page acknowledges it', async () => {
    const { store } = await deviceWithQueuedClaim();
    const server = claimsServer();
    const worker = createClaimOutbox({ store, send: server.send });
    const sent = await worker.flush();

    const page = createClaimOutbox({ store, send: server.send });
    expect(await page.flush()).toEqual(sent);
    await page.acknowledge();
    expect(await page.flush()).toEqual({ kind: 'idle' });
    expect(server.sent).toHaveLength(1);
  });

  it('sends the page\'s own copy when the device keeps nothing (private mode), still under the draft id', async () => {
    const store = createClaimDraftStore(memoryStorage({ isBroken: true }).storage);
    const server = claimsServer();
    const draft = queuedDraft(['p1']);
    const result = await createClaimOutbox({ store, send: server.send }).flush({ draft, photos: [photo('p1', 'bumper')] });

    expect(result.kind).toBe('sent');
    expect(server.sent.map(({ key, photos }) => ({ key, photos }))).toEqual([{ key: draft.draftId, photos: [{ name: 'p1.jpg', text: 'bumper' }] }]);
  });

  it('sends nothing when nothing is queued on the device, whatever the page still holds', async () => {
    const { store, draft } = await deviceWithQueuedClaim();
    await store.save({ ...draft, isQueued: false });
    const server = claimsServer();
    expect(await createClaimOutbox({ store, send: server.send }).flush({ draft, photos: [] })).toEqual({ kind: 'idle' });
    expect(server.sent).toEqual([]);
  });
});
