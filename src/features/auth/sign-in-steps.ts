/**
 * The branches of spec 2 §4 "Phone / email sign-in" as pure decisions, so every branch is tested
 * without a browser. A lookup is `undefined` when the account is unknown (the API's 404).
 */
import type { EmailLookup, PhoneLookup } from '../../contract/accounts';
import { AUTH_MESSAGES } from './auth-messages';

export type SignInStep = 'phone' | 'email' | 'password' | 'names' | 'code';

export type NextStep =
  | { step: 'email' }
  | { step: 'names' }
  | { step: 'password' }
  /** Send the SMS code, then the code step; `isDuplicate` shows the duplicate-account notice. */
  | { step: 'code'; isDuplicate: boolean }
  | { step: 'error'; message: string; canContactUs: boolean };

/** Step 2–4: after the phone lookup. A known phone without a name still needs the names step. */
export function nextAfterPhoneLookup(phone: PhoneLookup | undefined): NextStep {
  if (phone?.hasEmail) return phone.displayName ? { step: 'code', isDuplicate: false } : { step: 'names' };
  return { step: 'email' };
}

/** Step 5: after the email lookup. */
export function nextAfterEmailLookup(phone: PhoneLookup | undefined, email: EmailLookup | undefined): NextStep {
  if (!email) {
    // Email unknown: a new account (or a phone account getting its first email).
    return phone?.displayName ? { step: 'code', isDuplicate: false } : { step: 'names' };
  }
  // The phone's account has no email and the email is another account: duplicate case.
  if (phone) return { step: 'code', isDuplicate: true };
  if (email.hasPhoneNumber) return { step: 'error', message: AUTH_MESSAGES.emailTiedToAnotherPhone, canContactUs: true };
  // An email account without a phone: prove it is yours, then the new phone goes onto it.
  return { step: 'password' };
}

/** What the code step saves after signing in with the phone (step 6: "saved if missing"). */
export function profileChangesAfterCode(input: {
  phone: PhoneLookup | undefined;
  email: EmailLookup | undefined;
  enteredEmail: string | undefined;
  enteredName: string | undefined;
}): { email?: string; displayName?: string } {
  const isEmailFree = input.enteredEmail !== undefined && input.email === undefined && !input.phone?.hasEmail;
  const isNameMissing = input.enteredName !== undefined && !input.phone?.displayName;
  return {
    ...(isEmailFree ? { email: input.enteredEmail } : {}),
    ...(isNameMissing ? { displayName: input.enteredName } : {}),
  };
}
