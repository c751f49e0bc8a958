/**
 * A single-use validation of the seeded partner shop Bryant Park Bistro (garages 1 and 2, full
 * stay) for one ticket, issued by a staff account as the shop would with its key
 * (server/validations, decision 0103). There is no standing validation coupon to type.
 */
import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { addStaff } from '../../server/staff/staff-accounts.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { createEmailAccount, identity } from './emulator-accounts.ts';

export async function issueValidation(ticketNumber: string): Promise<string> {
  const email = `validator-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'validate-secret-1';
  await createEmailAccount({ email, password });
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] ??= '127.0.0.1:9099';
  await addStaff(getAuth(getApps()[0] ?? initializeApp({ projectId: 'demo-parkfair' })), email);
  await new Promise((resolve) => setTimeout(resolve, 1000)); // a new sign-in second, so the token carries the claim
  const { idToken } = await identity<{ idToken: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  const headers = { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' };
  const merchants = (await (await fetch(`${E2E_BASE_URL}/validations/api/merchants`, { headers })).json()) as { results: { merchantId: number; name: string }[] };
  const merchantId = merchants.results.find((merchant) => merchant.name === 'Bryant Park Bistro')?.merchantId;
  const response = await fetch(`${E2E_BASE_URL}/validations/api/codes`, { method: 'POST', headers, body: JSON.stringify({ merchantId, ticketNumber }) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { code: string }).code;
}
