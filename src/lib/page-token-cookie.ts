/**
 * The page-token cookie (src/contract/server-rendered-pages.ts): the signed-in driver's Firebase
 * ID token, sent only with navigations to the pages the server renders for a signed-in caller
 * (the park-and-pay session). Written by the Firebase wrapper whenever the token changes (sign-in,
 * hourly refresh) and removed at sign-out; it lives no longer than the token. The server verifies
 * it like a bearer token and uses it only to render that page: the API still takes the
 * Authorization header alone, so the cookie cannot make a call on the driver's behalf.
 */
import { PAGE_TOKEN_COOKIE } from '../contract/server-rendered-pages';

/** The Set-Cookie string for `token`, good until `expiresAt` (ms); an expired or absent token removes the cookie. */
export function pageTokenCookie(token: string | null, expiresAt: number, now: number, isSecure: boolean): string {
  const maxAgeSeconds = token ? Math.floor((expiresAt - now) / 1000) : 0;
  const value = token && maxAgeSeconds > 0 ? token : '';
  return [
    `${PAGE_TOKEN_COOKIE.name}=${value}`,
    `Path=${PAGE_TOKEN_COOKIE.path}`,
    `Max-Age=${value ? maxAgeSeconds : 0}`,
    // Lax: sent when a link from elsewhere (a text message, an email) opens the session.
    'SameSite=Lax',
    ...(isSecure ? ['Secure'] : []),
  ].join('; ');
}

/** Keeps the current token for the server-rendered session, or removes it (`null`: signed out). */
export function keepPageToken(token: { token: string; expirationTime: string } | null): void {
  if (typeof document === 'undefined') return;
  const expiresAt = token ? Date.parse(token.expirationTime) : 0;
  document.cookie = pageTokenCookie(token?.token ?? null, Number.isNaN(expiresAt) ? 0 : expiresAt, Date.now(), window.location.protocol === 'https:');
}
