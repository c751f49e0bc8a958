/**
 * The gate pages (the parking session with its exit pass, and Digital Tickets) open from the
 * device's saved copy whoever Firebase says is signed in, as long as the device holds a driver's
 * saved data (signed in, or signed out by force without a Logout): a car still in the garage
 * must get out with no signal, after a revoked token or while the identity service is down.
 * Writes from those pages still need a sign-in (the API answers 401 without a token).
 */
export const GATE_PATHS: readonly string[] = ['/parkandpay/session', '/parkandpay/digital-tickets'];

/**
 * A reservation pass is shown at the garage's gate too (issue 18): it opens from its saved copy
 * likewise, and so does the reservations list the driver finds it in (issue 38).
 */
const GATE_PATH_PATTERNS: readonly RegExp[] = [/^\/my-account\/reservations\/\d+$/, /^\/my-account\/reservations$/];

export const isGatePath = (pathname: string): boolean => {
  const path = pathname.replace(/\/+$/, '');
  return GATE_PATHS.includes(path) || GATE_PATH_PATTERNS.some((pattern) => pattern.test(path));
};

/** Whether a protected page may open for this session state. */
export function mayOpenProtectedPage(pathname: string, session: { status: string; holdsSavedData: boolean }): boolean {
  return session.status === 'signed-in' || (isGatePath(pathname) && session.holdsSavedData);
}
