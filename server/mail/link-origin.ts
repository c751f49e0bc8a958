/**
 * Links in emails (…/user-mgmt?mode=…&oobCode=…). Their origin is PUBLIC_ORIGIN, else the
 * loopback development server (`linkOriginFor` in config.ts): never the request's Host header,
 * which the caller chooses (a forged Host would send a reset link with its code to the caller's
 * site). Production refuses to start without PUBLIC_ORIGIN.
 */
export function userManagementLink(origin: string, mode: 'resetPassword' | 'verifyEmail', oobCode: string): string {
  const url = new URL('/user-mgmt', origin);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  return url.toString();
}
