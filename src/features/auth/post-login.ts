/**
 * Where a sign-in lands (spec 1 §4, spec 2 §2 routing rules): the `redirect` query when it is a
 * path of this app, else monthly reservations for a ticket-system user (a customer with at least
 * one monthly contract), else the page's default (the profile; pay-by-plate for park-and-pay).
 */
export const PROFILE_PATH = '/my-account/profile';
export const MONTHLY_RESERVATIONS_PATH = '/my-account/monthly-sign-up';
export const PARK_AND_PAY_WELCOME_PATH = '/parkandpay/welcome';

/** Only same-origin paths: "//evil.example" or "https://…" would be an open redirect. */
export function safeRedirectPath(redirect: string | undefined): string | undefined {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return undefined;
  if (redirect.startsWith('/sign-in') || redirect.startsWith('/user-mgmt')) return undefined;
  return redirect;
}

export function resolvePostLoginTarget(input: { redirect?: string; isTicketSystemUser: boolean; defaultPath?: string }): string {
  const redirect = safeRedirectPath(input.redirect);
  if (redirect) return redirect;
  if (input.isTicketSystemUser) return MONTHLY_RESERVATIONS_PATH;
  return input.defaultPath ?? PROFILE_PATH;
}
