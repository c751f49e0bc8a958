/**
 * Garage-side callers (gate controllers, the attendant's call queue, the simulation script) are
 * not customers: they present a shared staff key in the `X-Staff-Key` header. The key comes from
 * STAFF_API_KEY; without it, development and tests accept DEV_STAFF_API_KEY and production turns
 * the staff calls off (503) rather than run with a known key.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { AuthUser, TokenVerifier } from '../lib/auth.ts';

export const STAFF_KEY_HEADER = 'X-Staff-Key';
export const DEV_STAFF_API_KEY = 'parkfair-dev-staff-key';

export function staffKeyFrom(config: Pick<Config, 'isProduction'>, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env['STAFF_API_KEY'];
  if (configured) return configured;
  return config.isProduction ? undefined : DEV_STAFF_API_KEY;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type Caller = { kind: 'staff' } | { kind: 'customer'; user: AuthUser } | { kind: 'anonymous' };
export type CallerVariables = { caller: Caller };

/** The uid of a signed-in customer caller, undefined for staff and anonymous callers. */
export const callerUid = (caller: Caller): string | undefined => (caller.kind === 'customer' ? caller.user.uid : undefined);

function readBearer(c: Context): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
}

/**
 * A staff key, or a customer's bearer token; anything else is 401, unless `isOptional`, where a
 * call with neither is an anonymous caller (the bearer paper ticket calls).
 * `staffKey` null: a customer call that staff do not make; a staff key header there is ignored
 * (undefined means staff calls exist but this server has them off: 503).
 */
export function staffOrCustomer(
  staffKey: string | undefined | null,
  verify: TokenVerifier,
  options: { isStaffOnly?: boolean; isOptional?: boolean } = {},
): MiddlewareHandler<{ Variables: CallerVariables }> {
  return async (c, next) => {
    const given = c.req.header(STAFF_KEY_HEADER);
    if (given !== undefined && staffKey !== null) {
      if (!staffKey) return c.json({ message: 'Staff calls are not enabled on this server (set STAFF_API_KEY).' }, 503);
      if (!sameKey(given, staffKey)) return c.json({ message: 'The staff key is not valid.' }, 401);
      c.set('caller', { kind: 'staff' });
      return next();
    }
    if (options.isStaffOnly) return c.json({ message: `This call is for garage staff: send the staff key in the ${STAFF_KEY_HEADER} header.` }, 401);
    const token = readBearer(c);
    if (!token && options.isOptional) {
      c.set('caller', { kind: 'anonymous' });
      return next();
    }
    if (!token) return c.json({ message: 'Sign in to continue: this call needs a bearer token.' }, 401);
    try {
      c.set('caller', { kind: 'customer', user: await verify(token) });
    } catch {
      return c.json({ message: 'Your session has expired or the token is invalid. Please sign in again.' }, 401);
    }
    return next();
  };
}
