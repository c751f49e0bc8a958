/**
 * The customers calls the sign-in pages make (spec 2 §7 Accounts), one function each, every
 * answer parsed with the shared contract. Lookups answer undefined for 404 ("not registered").
 */
import * as v from 'valibot';
import {
  customerDetailsSchema,
  emailLookupSchema,
  messageSchema,
  phoneLookupSchema,
  type CustomerDetails,
  type EmailLookup,
  type PhoneLookup,
} from '../../contract/accounts';
import { apiFetch } from '../../lib/api-client';
import { ApiError } from '../../lib/errors';

const BASE = '/accounts/api/customers';

async function orUndefinedOn404<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error: unknown) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

export function lookupPhone(phoneNumber: string): Promise<PhoneLookup | undefined> {
  return orUndefinedOn404(apiFetch(`${BASE}/is-phone-registered/${encodeURIComponent(phoneNumber)}`, { schema: phoneLookupSchema }));
}

export function lookupEmail(email: string): Promise<EmailLookup | undefined> {
  return orUndefinedOn404(apiFetch(`${BASE}/does-email-exist/${encodeURIComponent(email)}`, { schema: emailLookupSchema }));
}

export function getCustomerDetails(): Promise<CustomerDetails> {
  return apiFetch(`${BASE}/get-customer-details`, { schema: customerDetailsSchema });
}

export function updateDisplayName(displayName: string): Promise<CustomerDetails> {
  return apiFetch(`${BASE}/update-displayname`, { method: 'POST', json: { displayName }, schema: customerDetailsSchema });
}

export function updatePhoneNumber(phoneNumber: string): Promise<CustomerDetails> {
  return apiFetch(`${BASE}/update-phonenumber`, { method: 'POST', json: { phoneNumber }, schema: customerDetailsSchema });
}

export function updateEmail(email: string): Promise<CustomerDetails> {
  return apiFetch(`${BASE}/update-email-v2`, { method: 'POST', json: { email }, schema: customerDetailsSchema });
}

export function sendVerificationEmail(email: string): Promise<{ message: string }> {
  return apiFetch(`${BASE}/verify-email-v2`, { method: 'POST', json: { email }, schema: messageSchema });
}

export function validateVerificationToken(verificationToken: string): Promise<{ message: string }> {
  return apiFetch(`${BASE}/validate-verification-token`, { method: 'POST', json: { verificationToken }, schema: messageSchema });
}

/** Spec 2 §5: verified only if the text is "true" (case-insensitive); the client parses JSON, so true arrives as a boolean. */
export async function isEmailVerified(): Promise<boolean> {
  const answer = await apiFetch(`${BASE}/is-email-verified`, { schema: v.union([v.boolean(), v.string()]) });
  return String(answer).toLowerCase() === 'true';
}

export function sendPasswordResetEmail(email: string): Promise<{ message: string }> {
  return apiFetch(`${BASE}/send-password-reset-email`, { method: 'POST', json: { email }, schema: messageSchema });
}

export function recoverEmail(email: string): Promise<{ message: string }> {
  return apiFetch(`${BASE}/recover-email`, { method: 'POST', json: { email }, schema: messageSchema });
}

export function contactCustomerService(email: string, phoneNumber: string): Promise<{ message: string }> {
  return apiFetch(`${BASE}/contact-csc`, { method: 'POST', json: { email, phoneNumber }, schema: messageSchema });
}

export function sendDuplicateAccountEmail(email: string, phoneNumber: string): Promise<{ message: string }> {
  return apiFetch(`${BASE}/send-duplicate-account-email`, { method: 'POST', json: { email, phoneNumber }, schema: messageSchema });
}

export function updateMarketingPrefs(prefs: { acceptMarketingEmail: boolean; acceptMarketingText: boolean }): Promise<CustomerDetails> {
  return apiFetch(`${BASE}/update-marketing-prefs`, { method: 'POST', json: prefs, schema: customerDetailsSchema });
}
