/**
 * Issuing validation codes in API tests the way an operator does: staff create a merchant
 * through /validations/api and get its key; the merchant key (or staff) issues codes.
 */
import { expect } from 'vitest';
import type { TestApp } from '../testing/test-app.ts';
import { MERCHANT_KEY_HEADER } from './routes.ts';

export const VALIDATIONS_BASE = '/validations/api';

export type IssuedCode = { code: string; displayCode: string; expiresAt: string; locationIds: number[]; ticketNumber: string | null };

/** A new merchant (FULL unless told) at these garages, and its key. */
export async function createMerchant(
  t: TestApp,
  staffToken: string,
  input: { name?: string; locationIds: number[]; valueType?: string; value?: number },
): Promise<{ merchantId: number; apiKey: string }> {
  const response = await t.request(`${VALIDATIONS_BASE}/merchants`, { method: 'POST', token: staffToken, json: { name: 'Test Deli', valueType: 'FULL', ...input } });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { merchant: { merchantId: number }; apiKey: string };
  return { merchantId: body.merchant.merchantId, apiKey: body.apiKey };
}

/** POST /validations/api/codes with the merchant's key. */
export function issueWithKey(t: TestApp, apiKey: string, body: Record<string, unknown> = {}): Promise<Response> {
  return t.request(`${VALIDATIONS_BASE}/codes`, { method: 'POST', headers: { [MERCHANT_KEY_HEADER]: apiKey }, json: body });
}

/** A code the merchant issued (201 expected). */
export async function issueCode(t: TestApp, apiKey: string, body: Record<string, unknown> = {}): Promise<IssuedCode> {
  const response = await issueWithKey(t, apiKey, body);
  expect(response.status).toBe(201);
  return (await response.json()) as IssuedCode;
}
