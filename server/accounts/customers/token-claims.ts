/**
 * When the caller last signed in (the ID token's auth_time). Read after requireUser has verified
 * the token, so decoding its payload here is safe; used for the 15-minute recent-login rule of
 * sensitive changes (spec 2 §4 Auth session: stale after 15 minutes).
 */
import type { Context } from 'hono';

export const RECENT_LOGIN_MS = 15 * 60_000;

export function readAuthTime(c: Context): Date | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims === 'object' && claims !== null && 'auth_time' in claims && typeof claims.auth_time === 'number') {
      return new Date(claims.auth_time * 1000);
    }
  } catch {
    return undefined;
  }
  return undefined;
}

export function isRecentLogin(c: Context, now: Date): boolean {
  const authTime = readAuthTime(c);
  return authTime !== undefined && now.getTime() - authTime.getTime() <= RECENT_LOGIN_MS;
}
