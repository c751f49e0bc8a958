/**
 * The monthly calls of the account pages and the sign-up (spec 2 §7), with the spec's retries:
 * attach 5; monthly reservations list 10 at 400 ms; the barcode 30 at 700 ms. Contract changes
 * write the new contract into the shared contracts list, so the header and the Reservations page
 * agree at once.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { type MonthlyContract, monthlyContractSchema } from '../../contract/monthly-contracts';
import {
  badgeSessionSchema, type CreateMonthlyReservationBody, type MonthlyForm, monthlyReservationSchema, monthlyTicketSchema,
} from '../../contract/monthly-reservations';
import { apiFetch } from '../../lib/api-client';
import { ApiError } from '../../lib/errors';
import { monthlyContractsQueryOptions } from '../../lib/monthly-contracts';
import { newIdempotencyKey, withRetries } from '../../lib/payments-client';
import { USER_QUERY_ROOT } from '../../lib/query-client';

const contractPath = (id: number) => `/payments/api/monthly-contracts/${id}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** After a change: the contract as the server answered it, in the list every page reads. */
export function storeContract(queryClient: QueryClient, contract: MonthlyContract): void {
  queryClient.setQueryData(monthlyContractsQueryOptions.queryKey, (page) =>
    page && { ...page, results: page.results.map((item) => (item.monthlyContractId === contract.monthlyContractId ? contract : item)) });
  void queryClient.invalidateQueries({ queryKey: monthlyContractsQueryOptions.queryKey });
}

const postContract = (path: string, json: unknown = {}) =>
  apiFetch(path, { method: 'POST', json, schema: monthlyContractSchema, headers: { 'Idempotency-Key': newIdempotencyKey() } });

export const suspendContract = (id: number) => postContract(`${contractPath(id)}/suspend`);
export const resumeContract = (id: number) => postContract(`${contractPath(id)}/resume`);
export const attachCard = (id: number, methodId: number) =>
  withRetries(() => postContract(`${contractPath(id)}/payment-methods/${methodId}/attach`), { retries: 5, delayMs: 500 });
/** The balance with a saved card; a decline is a 402 ApiError with the processor's message (not retried). */
export const payBalance = (id: number, methodId: number) => postContract(`${contractPath(id)}/payment`, { customerPaymentMethodId: methodId });

/** HEAD then GET details (spec 2 §7): waits while one of its months is being charged (202), up to 30 s. */
export async function fetchSettledContract(id: number): Promise<MonthlyContract> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const contract = await apiFetch(`${contractPath(id)}/details`, { schema: monthlyContractSchema });
    if (contract.monthlyContractPeriods.every((period) => period.isPaid || period.amount === 0) || attempt === 29) return contract;
    await sleep(1000);
  }
  throw new Error('unreachable');
}

export function createMonthlyReservation(body: CreateMonthlyReservationBody, idempotencyKey: string) {
  return apiFetch('/reservations/api/monthly-reservations', { method: 'POST', json: body, schema: monthlyReservationSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function saveRegistrationForm(reservationId: number, form: MonthlyForm) {
  return apiFetch(`/reservations/api/monthly-reservations/${reservationId}/form`, { method: 'PUT', json: form, schema: monthlyReservationSchema });
}

export const monthlyReservationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [USER_QUERY_ROOT, 'monthly-reservations', id],
    queryFn: ({ signal }) => apiFetch(`/reservations/api/monthly-reservations/${id}`, { schema: monthlyReservationSchema, signal }),
  });

/** The monthly barcode: 404 until the first month is paid, so it is polled (30 times at 700 ms). */
export const monthlyTicketQueryOptions = (reservationId: number) =>
  queryOptions({
    queryKey: [USER_QUERY_ROOT, 'monthly-tickets', reservationId],
    queryFn: async ({ signal }) => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await apiFetch(`/tickets/api/monthly-tickets/monthly-reservations/${reservationId}`, { schema: monthlyTicketSchema, signal });
        } catch (error: unknown) {
          if (!(error instanceof ApiError && error.status === 404) || attempt >= 29) throw error;
          await sleep(700);
        }
      }
    },
    staleTime: 5 * 60_000,
    // The access pass is shown at the gate, where there may be no signal: kept on the device.
    meta: { persist: true },
  });

export const monthlyTicketsQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'monthly-tickets', 'list'],
  queryFn: ({ signal }) => apiFetch('/tickets/api/monthly-tickets/0/9999', { schema: v.object({ results: v.array(monthlyTicketSchema) }), signal }),
  staleTime: 5 * 60_000,
  meta: { persist: true },
});

export function createBadgeSession(body: { customerId: number; licensePlate: string; state: string }) {
  return apiFetch('/accounts/api/customers/create-badge-session', { method: 'POST', json: body, schema: badgeSessionSchema });
}
