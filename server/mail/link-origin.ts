/**
 * The origin of links in emails (…/user-mgmt?mode=…&oobCode=…). PUBLIC_ORIGIN when set (read
 * once; production must set it, because the Host header of a request is chosen by the caller),
 * else the origin the request came to, which is right for the one-process development server.
 */
import type { Context } from 'hono';

const configured = process.env['PUBLIC_ORIGIN'] ? new URL(process.env['PUBLIC_ORIGIN']).origin : undefined;

export function linkOriginOf(c: Context): string {
  return configured ?? new URL(c.req.url).origin;
}

export function userManagementLink(origin: string, mode: 'resetPassword' | 'verifyEmail', oobCode: string): string {
  const url = new URL('/user-mgmt', origin);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  return url.toString();
}
