/**
 * Card payments from the browser (spec 2 §7 "Payments", §4 "Payment states", "Card enrollment"):
 * the /payments/api calls with the spec's retry counts, and two flows the card form runs:
 * - pay: saved card → `methods/{id}/charge` (retries 4, none on 402); new card → tokenise →
 *   `payments/initialize` (retries 2 at 500 ms) → confirm with the processor → poll the payment
 *   (up to 30 times at 1 s) until it is settled;
 * - enroll: `setup/initialize` → confirm the setup intent → `setup/complete` (retries 3 each).
 * One Idempotency-Key per attempt is sent on every retry of that attempt, and the payment id of a
 * failed attempt is passed to the next one, so no retry, reload or double click pays twice.
 */
import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import {
  paymentInitSchema, paymentSchema, paymentSetupSchema, paymentStatusSchema, savedPaymentMethodListSchema, savedPaymentMethodSchema,
  type Payment, type SavedPaymentMethod,
} from '../contract/payments';
import { apiFetch } from './api-client';
import { ApiError, NetworkError } from './errors';
import { USER_QUERY_ROOT } from './query-client';
import { fetchProviderConfig } from './stripe';

export const paymentQueryKeys = {
  provider: ['payments', 'provider'] as const,
  methods: [USER_QUERY_ROOT, 'payment-methods'] as const,
};

export const providerConfigQueryOptions = queryOptions({
  queryKey: paymentQueryKeys.provider,
  queryFn: ({ signal }) => fetchProviderConfig(signal),
  staleTime: 60 * 60_000,
});

/** Saved cards, default first (the first entry is the card the form preselects). */
export const savedPaymentMethodsQueryOptions = queryOptions({
  queryKey: paymentQueryKeys.methods,
  queryFn: ({ signal }) => apiFetch('/payments/api/payments/methods', { schema: savedPaymentMethodListSchema, signal }),
  meta: { persist: true },
});

type RetryPolicy = { retries: number; delayMs: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries only what may succeed on a second try: no answer, or a 5xx. Never a 4xx (402 above all). */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && error.status >= 500;
}

export async function withRetries<T>(run: () => Promise<T>, { retries, delayMs }: RetryPolicy): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error: unknown) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      await sleep(delayMs * (attempt + 1));
    }
  }
}

export const newIdempotencyKey = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const post = <S extends v.GenericSchema>(path: string, json: unknown, schema: S, idempotencyKey: string) =>
  apiFetch(path, { method: 'POST', json, schema, headers: { 'Idempotency-Key': idempotencyKey } });

export function initializePayment(body: { systemEntityId: string; paymentId: number | null; savePaymentMethod: boolean }, idempotencyKey: string) {
  return withRetries(() => post('/payments/api/payments/initialize', body, paymentInitSchema, idempotencyKey), { retries: 2, delayMs: 500 });
}

export function chargeSavedMethod(methodId: number, body: { systemEntityId: string; paymentId: number | null }, idempotencyKey: string): Promise<Payment> {
  return withRetries(() => post(`/payments/api/payments/methods/${methodId}/charge`, body, paymentSchema, idempotencyKey), { retries: 4, delayMs: 500 });
}

export function initializeSetup(idempotencyKey: string) {
  return withRetries(() => post('/payments/api/payments/setup/initialize', {}, paymentSetupSchema, idempotencyKey), { retries: 3, delayMs: 500 });
}

export function completeSetup(body: { transactionId: string; providerCustomerId: string; paymentMethodId: string }, idempotencyKey: string): Promise<SavedPaymentMethod> {
  return withRetries(() => post('/payments/api/payments/setup/complete', body, savedPaymentMethodSchema, idempotencyKey), { retries: 3, delayMs: 500 });
}

/** Polls the payment until settled (200), up to 30 times at 1 s, then reads its details. */
export async function waitForPayment(paymentId: number, { attempts = 30, intervalMs = 1000 } = {}): Promise<Payment> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const status = await withRetries(() => apiFetch(`/payments/api/payments/${paymentId}`, { schema: paymentStatusSchema }), { retries: 2, delayMs: 500 });
    if (status.isSettled) break;
    await sleep(intervalMs);
  }
  return apiFetch(`/payments/api/payments/${paymentId}/details`, { schema: paymentSchema });
}

export function deletePaymentMethod(methodId: number): Promise<SavedPaymentMethod[]> {
  return apiFetch(`/payments/api/payments/methods/${methodId}`, { method: 'DELETE', schema: savedPaymentMethodListSchema });
}

export function setDefaultPaymentMethod(methodId: number): Promise<SavedPaymentMethod[]> {
  return apiFetch(`/payments/api/payments/methods/${methodId}/default`, { method: 'PUT', schema: savedPaymentMethodListSchema });
}

export type PurchaseEvent = { systemEntityId: string; paymentId: number; amount: number; currency: string; method: 'saved_cc' | 'cc' | 'browser-pay' };

/** Spec 2 §7 "A purchase analytics event is sent on payment": a window event analytics can listen to. */
export function emitPurchaseEvent(event: PurchaseEvent): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<PurchaseEvent>('pf:purchase', { detail: event }));
  console.info('[analytics] purchase', event);
}
