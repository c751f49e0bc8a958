/**
 * Per-client rate limits with counters in the database (table rate_limit_counters), not in
 * process memory, so every API process on one database enforces one shared limit.
 * Fixed windows: a call increments the row of (bucket, client, current window) and is refused
 * with 429 once the count passes the limit. Used for calls that reveal whether a phone or email
 * has an account, and for calls that send email.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';

export type RateLimitRule = {
  /** Which family of calls shares the counter, e.g. "account-lookup". */
  bucket: string;
  /** Calls allowed per client in one window. */
  limit: number;
  windowSeconds: number;
  /** The user-facing text of the 429 answer. */
  message: string;
};

/** Spec 2 §8 "Too many requests". */
export const TOO_MANY_REQUESTS_MESSAGE =
  'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The client's IP. A loopback peer is the local reverse proxy (or the dev server's proxy), so then
 * the first X-Forwarded-For entry names the client; from any other peer the header is ignored,
 * because a client could write anything there.
 */
export function clientKeyOf(c: Context): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined; // app.request() in tests: no socket
  }
  if (peer && !LOOPBACK.has(peer)) return peer;
  const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
  return forwarded || peer || 'local';
}

export function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Counts one call; true when it is within the limit. */
export async function hitRateLimit(db: Db, rule: RateLimitRule, clientKey: string, now: Date): Promise<boolean> {
  const windowStart = windowStartOf(now, rule.windowSeconds);
  const [row] = await db.query<{ hits: number }>(
    `insert into rate_limit_counters (bucket, client_key, window_start, hits) values ($1, $2, $3, 1)
     on conflict (bucket, client_key, window_start) do update set hits = rate_limit_counters.hits + 1
     returning hits`,
    [rule.bucket, clientKey, windowStart],
  );
  // Old windows are useless; dropping them now and then keeps the table small without a job.
  if (Math.random() < 0.02) {
    await db.query('delete from rate_limit_counters where window_start < $1', [new Date(now.getTime() - 24 * 3600_000)]);
  }
  return (row?.hits ?? 0) <= rule.limit;
}

export function rateLimit(deps: { db: Db; now: () => Date }, rule: RateLimitRule): MiddlewareHandler {
  return async (c, next) => {
    const now = deps.now();
    const isAllowed = await hitRateLimit(deps.db, rule, clientKeyOf(c), now);
    if (!isAllowed) {
      const windowEnd = windowStartOf(now, rule.windowSeconds).getTime() + rule.windowSeconds * 1000;
      c.header('Retry-After', String(Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000))));
      return c.json({ message: rule.message }, 429);
    }
    return next();
  };
}
