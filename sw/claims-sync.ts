/**
 * Background Sync for the claim outbox: the page registers CLAIMS_SYNC_TAG when a queued claim
 * could not be sent (src/features/claims/claim-background-sync.ts); the browser fires `sync` here
 * once it has a network, page open or not, and the worker sends the claim with the page's own code
 * (claim-outbox.ts: same draft, same photos, same Idempotency-Key). Still no network → the sync
 * fails and the browser tries again later; filed or refused → every open page is told, and a page
 * opened later finds the receipt (or the refusal) on the device.
 */
/// <reference lib="webworker" />
import { CLAIM_OUTBOX_CHANGED, CLAIMS_SYNC_TAG, claimOutbox } from '../src/features/claims/claim-outbox.ts';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's WebWorker library). */
type SyncEvent = ExtendableEvent & { readonly tag: string; readonly lastChance: boolean };

async function sendQueuedClaim(): Promise<void> {
  const result = await claimOutbox.flush();
  if (result.kind === 'waiting') throw new Error('The queued claim could not be sent yet; the browser will try again.');
  if (result.kind === 'idle') return;
  const pages = await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage({ type: CLAIM_OUTBOX_CHANGED });
}

export function setUpClaimsSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === CLAIMS_SYNC_TAG) sync.waitUntil(sendQueuedClaim());
  });
}
