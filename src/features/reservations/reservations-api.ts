/**
 * The daily reservation calls (spec 2 §7 "Reservations", "Rates"): the rate for a stay (with a
 * coupon when one is applied), creating a reservation from the rate shown, reading, listing and
 * cancelling. A reservation and the lists are persisted on the device once read (`meta.persist`),
 * so the list and each pass in it open in a garage with no signal after one online visit.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { locationListSchema } from '../../contract/locations';
import { dailyRateSchema } from '../../contract/rates';
import { createdReservationSchema, reservationPageSchema, reservationSchema, type Reservation, type ReservationPage } from '../../contract/reservations';
import { apiFetch } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/payments-client';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { USER_QUERY_ROOT } from '../../lib/query-client';

export const reservationKeys = {
  all: [USER_QUERY_ROOT, 'reservations'] as const,
  one: (reservationId: number) => [USER_QUERY_ROOT, 'reservations', 'one', reservationId] as const,
  list: (kind: 'active' | 'completed', page: number) => [USER_QUERY_ROOT, 'reservations', kind, page] as const,
};

/** The same garage list (and cache entry) as the locations pages. */
export const garagesQueryOptions = queryOptions({
  queryKey: ['locations'],
  queryFn: ({ signal }) => apiFetch('/locations/api/locations', { schema: locationListSchema, signal }),
  staleTime: 60 * 60_000,
  meta: { persist: true },
});

export type StayRequest = { locationId: number; entryTimeUtc: string; exitTimeUtc: string };

export const dailyRateQueryOptions = (stay: StayRequest, couponCode: string | null) =>
  queryOptions({
    queryKey: ['rates', 'daily', stay.locationId, stay.entryTimeUtc, stay.exitTimeUtc, couponCode ?? ''],
    queryFn: ({ signal }) =>
      apiFetch(couponCode ? `/rates/api/rates/coupons/${encodeURIComponent(couponCode)}/calculate` : '/rates/api/rates/calculate', {
        method: 'POST',
        json: { ...stay, UseDatabaseRateMatching: true },
        schema: dailyRateSchema,
        signal,
      }),
    // A coupon refused for these times is an answer, not a hiccup: no retries.
    retry: false,
    staleTime: 30_000,
  });

export const reservationQueryOptions = (reservationId: number) =>
  queryOptions({
    queryKey: reservationKeys.one(reservationId),
    queryFn: ({ signal }) => apiFetch(`/reservations/api/reservations/${reservationId}`, { schema: reservationSchema, signal }),
    meta: { persist: true },
  });

export const reservationListQueryOptions = (kind: 'active' | 'completed', page: number, pageSize = 10) =>
  queryOptions({
    queryKey: reservationKeys.list(kind, page),
    queryFn: ({ signal }) => apiFetch(`/reservations/api/reservations/${kind}?page=${page}&pageSize=${pageSize}`, { schema: reservationPageSchema, signal }),
    // Kept on the device like the tickets (issue 38): a daily pass is an exit pass too, and the
    // driver finds it at the gate from this list, with no signal and no remembered URL.
    meta: { persist: true },
    // The saved copy is shown at once, and every visit asks again: a reservation redeemed or
    // cancelled a moment ago must not stay "Confirmed" for the default minute.
    staleTime: 0,
  });

/**
 * A reservation as the saved lists hold it, with when that list was fetched: the pass opens from
 * it offline when the driver never opened that pass online (its own query is then empty).
 */
export function reservationFromSavedLists(queryClient: QueryClient, reservationId: number): { reservation: Reservation; updatedAt: number } | undefined {
  for (const [key, page] of queryClient.getQueriesData<ReservationPage>({ queryKey: reservationKeys.all })) {
    if (key[2] === 'one' || !page?.results) continue;
    const reservation = page.results.find((item) => item.reservationId === reservationId);
    if (reservation) return { reservation, updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt ?? 0 };
  }
  return undefined;
}

/** Creates the reservation for the rate shown, or answers the one already waiting for its payment. */
export async function createReservation(rateInstanceId: string, isOversized: boolean): Promise<Reservation> {
  const created = await apiFetch('/reservations/api/reservations', {
    method: 'POST',
    json: { rateInstanceId, isOversized },
    schema: createdReservationSchema,
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
  return created.reservation;
}

/**
 * The tab remembers which reservation it is paying for each quote (sessionStorage: this tab only,
 * until the pass is shown), so a reload in the middle of a payment meets that reservation again:
 * if the cut-off attempt paid it, the screen offers its pass, never a second reservation and charge.
 */
const attemptKey = (rateInstanceId: string, isOversized: boolean) => `pf-reserve-attempt:${rateInstanceId}:${isOversized ? 'oversized' : 'standard'}`;

function readAttempt(key: string): number | undefined {
  const id = Number(readStorage(key, 'tab'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Blocked storage remembers nothing: the server still answers the pending reservation of this quote. */
function writeAttempt(key: string, reservationId: number | undefined): void {
  if (reservationId === undefined) removeStorage(key, 'tab');
  else writeStorage(key, String(reservationId), 'tab');
}

/**
 * The reservation an earlier attempt in this tab made for this quote, if it is confirmed: paid by
 * an attempt a reload cut off (the server records a payment the processor took on this read).
 */
export async function paidAttemptForQuote(rateInstanceId: string, isOversized: boolean): Promise<Reservation | null> {
  const earlier = readAttempt(attemptKey(rateInstanceId, isOversized));
  if (earlier === undefined) return null;
  const known = await apiFetch(`/reservations/api/reservations/${earlier}`, { schema: reservationSchema }).catch(() => undefined);
  return known?.status === 'confirmed' ? known : null;
}

/** The pending reservation the server creates for the rate shown (or answers again), remembered by this tab. */
export async function reservationForQuote(rateInstanceId: string, isOversized: boolean): Promise<Reservation> {
  const reservation = await createReservation(rateInstanceId, isOversized);
  writeAttempt(attemptKey(rateInstanceId, isOversized), reservation.reservationId);
  return reservation;
}

/** The pass was reached: the same times reserved again later are a new reservation. */
export function forgetQuoteAttempt(rateInstanceId: string, isOversized: boolean): void {
  writeAttempt(attemptKey(rateInstanceId, isOversized), undefined);
}

export function cancelReservation(reservationId: number): Promise<Reservation> {
  return apiFetch(`/reservations/api/reservations/${reservationId}`, { method: 'DELETE', schema: reservationSchema });
}
