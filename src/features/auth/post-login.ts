/**
 * Where a sign-in lands (spec 1 §4, spec 2 §2 routing rules): the `redirect` query when it is a
 * path of this app, else monthly reservations for a ticket-system user (a customer with at least
 * one monthly contract), else the profile. A page with its own default (park-and-pay: pay-by-plate,
 * spec 3 §2) lands there instead of either.
 */
import { MONTHLY_RESERVATIONS_PATH, PROFILE_PATH } from '../../lib/monthly-contracts';

export { MONTHLY_RESERVATIONS_PATH, PROFILE_PATH, profileLinkPath } from '../../lib/monthly-contracts';
export const PARK_AND_PAY_WELCOME_PATH = '/parkandpay/welcome';

/** Only same-origin paths: "//evil.example" or "https://…" would be an open redirect. */
export function safeRedirectPath(redirect: string | undefined): string | undefined {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return undefined;
  if (redirect.startsWith('/sign-in') || redirect.startsWith('/user-mgmt')) return undefined;
  return redirect;
}

/** Whether the landing depends on the monthly contracts (so the flow waits for them). */
export function needsContractsForTarget(input: { redirect?: string | undefined; defaultPath?: string | undefined }): boolean {
  return !safeRedirectPath(input.redirect) && !input.defaultPath;
}

export function resolvePostLoginTarget(input: { redirect?: string | undefined; isTicketSystemUser: boolean; defaultPath?: string | undefined }): string {
  const redirect = safeRedirectPath(input.redirect);
  if (redirect) return redirect;
  if (input.defaultPath) return input.defaultPath;
  return input.isTicketSystemUser ? MONTHLY_RESERVATIONS_PATH : PROFILE_PATH;
}
