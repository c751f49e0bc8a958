/**
 * The claims service's two calls (spec 3 §7): the garage list for the form, and sending a claim.
 * The claim goes as multipart (the claim JSON and its photos in one request, so it is stored
 * whole or not at all) with the draft's id as Idempotency-Key: a send retried after a lost answer
 * is one claim. Anonymous, so no token; failures are the app's ApiError / NetworkError values.
 */
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  CLAIM_FIELD, claimLocationsSchema, claimReceiptSchema, PHOTOS_FIELD, SUBMISSION_ID_HEADER,
  type ClaimPayload, type ClaimReceipt,
} from '../../contract/claims';
import { apiFetch } from '../../lib/api-client';
import { CLIENT_VERSION } from '../../lib/constants';
import { ApiError, NetworkError } from '../../lib/errors';

export const claimLocationsQueryOptions = queryOptions({
  queryKey: ['claims', 'locations'],
  queryFn: ({ signal }) => apiFetch('/claims/api/locations', { schema: claimLocationsSchema, signal }),
  staleTime: 60 * 60 * 1000,
  // Kept on the device: a draft finished with no signal still shows its garage.
  meta: { persist: true },
});

export type ClaimPhotoUpload = { name: string; blob: Blob };

export async function sendClaim(draftId: string, claim: ClaimPayload, photos: readonly ClaimPhotoUpload[]): Promise<ClaimReceipt> {
  const form = new FormData();
  form.set(CLAIM_FIELD, JSON.stringify(claim));
  for (const photo of photos) form.append(PHOTOS_FIELD, photo.blob, photo.name);
  let response: Response;
  try {
    response = await fetch('/claims/api/claims/customers', {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', 'X-Client-Version': CLIENT_VERSION, [SUBMISSION_ID_HEADER]: draftId },
    });
  } catch {
    throw new NetworkError();
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : response.statusText;
    throw new ApiError(response.status, message);
  }
  return v.parse(claimReceiptSchema, body);
}
