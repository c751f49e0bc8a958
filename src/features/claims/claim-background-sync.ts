/**
 * The page's side of Background Sync for the claim outbox (claim-outbox.ts): ask the browser to
 * wake the service worker when there is a network (sw/claims-sync.ts sends the queued claim then,
 * even with no page open), and hear from the worker when it filed or a server refused a claim.
 * Where the browser has no Background Sync (Firefox, Safari) or no worker controls the page, this
 * does nothing and the page's own retries (on open, `online`, every 30 s) are the only senders.
 */
import { CLAIM_OUTBOX_CHANGED, CLAIMS_SYNC_TAG } from './claim-outbox';

type SyncManager = { register: (tag: string) => Promise<void> };

/** True when the browser took the request (the worker will send the claim when it can). */
export async function requestClaimSync(): Promise<boolean> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined)?.sync;
    if (!registration?.active || !sync) return false;
    await sync.register(CLAIMS_SYNC_TAG);
    return true;
  } catch {
    // Refused (permission, no active worker): the page's retries remain.
    return false;
  }
}

/** Calls `onChange` whenever the worker reports a change to the outbox; returns the unsubscribe. */
export function onClaimOutboxChange(onChange: () => void): () => void {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && 'type' in data && data.type === CLAIM_OUTBOX_CHANGED) onChange();
  };
  container.addEventListener('message', listener);
  return () => container.removeEventListener('message', listener);
}
