/** Links to the sign-in pages (owned by the sign-in feature), built in one place. */

/** Park-and-pay paths (`/parkandpay`, `/parkandpay/…`, with or without a query). */
const PARK_AND_PAY_PATH = /^\/parkandpay(?:[/?#]|$)/;

/**
 * Where a signed-out visitor who wanted `redirectPath` signs in. Spec 3 §2: a park-and-pay deep
 * link goes to the park-and-pay sign-in (no site footer, pay-by-plate as the default destination
 * after sign-in), everything else to /sign-in. An expired session always goes to /sign-in, the
 * page that explains the expiry.
 */
export function signInHref(redirectPath?: string, { isExpired = false }: { isExpired?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (redirectPath && redirectPath !== '/') params.set('redirect', redirectPath);
  if (isExpired) params.set('expired', 'true');
  const query = params.toString();
  const page = !isExpired && redirectPath && PARK_AND_PAY_PATH.test(redirectPath) ? '/parkandpay/sign-in' : '/sign-in';
  return query ? `${page}?${query}` : page;
}
