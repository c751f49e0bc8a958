/**
 * The /staff pages' calls to /staff/api (server/staff/routes.ts), all with the signed-in staff
 * member's token. Photos and the CSV export are fetched as Blobs with the token (an <img src> or
 * a plain link could not send it) and shown or saved through object URLs.
 */
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { claimDetailSchema, claimPageSchema, staffMeSchema, type ClaimStatus } from '../../contract/staff';
import { apiFetch } from '../../lib/api-client';
import { CLIENT_VERSION } from '../../lib/client-version';
import { ApiError, NetworkError } from '../../lib/errors';
import { session } from '../../lib/session';

export type ClaimListFilter = { status?: ClaimStatus | undefined; q?: string | undefined; locationNumber?: string | undefined; from?: string | undefined; to?: string | undefined; page: number };

export const staffKeys = {
  me: (uid: string | undefined) => ['staff', 'me', uid] as const,
  claims: (filter: ClaimListFilter) => ['staff', 'claims', filter] as const,
  claim: (claimId: number) => ['staff', 'claim', claimId] as const,
  transitions: (q: string) => ['staff', 'transitions', q] as const,
};

export function filterQuery(filter: Omit<ClaimListFilter, 'page'> & { page?: number; pageSize?: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const staffMeQueryOptions = (uid: string | undefined) =>
  queryOptions({ queryKey: staffKeys.me(uid), queryFn: ({ signal }) => apiFetch('/staff/api/me', { schema: staffMeSchema, signal }), retry: false, enabled: uid !== undefined });

export const claimsQueryOptions = (filter: ClaimListFilter) =>
  queryOptions({ queryKey: staffKeys.claims(filter), queryFn: ({ signal }) => apiFetch(`/staff/api/claims${filterQuery({ ...filter, pageSize: 25 })}`, { schema: claimPageSchema, signal }) });

export const claimQueryOptions = (claimId: number) =>
  queryOptions({ queryKey: staffKeys.claim(claimId), queryFn: ({ signal }) => apiFetch(`/staff/api/claims/${claimId}`, { schema: claimDetailSchema, signal }) });

const claimMoveSchema = v.object({ claimId: v.number(), status: v.string(), isCustomerMailed: v.boolean() });

export function moveClaim(claimId: number, status: ClaimStatus, note: string) {
  return apiFetch(`/staff/api/claims/${claimId}/status`, { method: 'POST', json: { status, note: note.trim() || null }, schema: claimMoveSchema });
}


/** A staff file (photo, CSV) as a Blob, with the token. */
export async function fetchStaffBlob(path: string): Promise<Blob> {
  const token = await session.getToken(false);
  let response: Response;
  try {
    response = await fetch(path, { headers: { 'X-Client-Version': CLIENT_VERSION, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) throw new ApiError(response.status, ((await response.json().catch(() => ({}))) as { message?: string }).message ?? response.statusText);
  return response.blob();
}
