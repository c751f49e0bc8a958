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
import { HttpError } from './http-error.ts';

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

/**
 * The client's IP. With no proxy configured (`TRUST_PROXY=0`, the default) it is the socket's
 * peer and X-Forwarded-For is ignored: the caller writes that header. Behind `hops` reverse
 * proxies, each appends the address it received from, so the client is the `hops`-th address from
 * the right of [...X-Forwarded-For, peer]; anything further left was written by the caller.
 */
export function clientKeyOf(c: Context, hops: number): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined; // app.request() in tests: no socket
  }
  const chain = [...(c.req.header('X-Forwarded-For') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean), peer ?? 'local'];
  return chain[Math.max(0, chain.length - 1 - hops)] ?? 'local';
}

export function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Counts one hit and returns the counter's `hits`: parameters $1 bucket, $2 client key, $3 window
 * start. A statement of its own, or the first part of a longer one (token-guessing.ts).
 */
export const COUNT_HIT_SQL = `insert into rate_limit_counters (bucket, client_key, window_start, hits) values ($1, $2, $3, 1)
  on conflict (bucket, client_key, window_start) do update set hits = rate_limit_counters.hits + 1
  returning hits`;

/** Counts one call; true when it is within the limit. */
export async function hitRateLimit(db: Db, rule: RateLimitRule, clientKey: string, now: Date): Promise<boolean> {
  const windowStart = windowStartOf(now, rule.windowSeconds);
  const [row] = await db.query<{ hits: number }>(COUNT_HIT_SQL, [rule.bucket, clientKey, windowStart]);
  // Old windows are deleted by the pruning job, in bounded batches (server/maintenance/prune.ts).
  return (row?.hits ?? 0) <= rule.limit;
}

type RateLimitDeps = { db: Db; now: () => Date; config: { trustProxyHops: number } };

/** The 429 answer, with Retry-After at the end of the current window. */
export function tooManyRequests(rule: RateLimitRule, now: Date): HttpError {
  const windowEnd = windowStartOf(now, rule.windowSeconds).getTime() + rule.windowSeconds * 1000;
  return new HttpError(429, rule.message, { 'Retry-After': String(Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000))) });
}

/** Counts one call against `key` (a client address, or e.g. `ticket:<id>`); throws the 429 past the limit. */
export async function requireWithinLimit(deps: RateLimitDeps, rule: RateLimitRule, key: string): Promise<void> {
  const now = deps.now();
  if (!(await hitRateLimit(deps.db, rule, key, now))) throw tooManyRequests(rule, now);
}

/** Middleware: the rule per client address. */
export function rateLimit(deps: RateLimitDeps, rule: RateLimitRule): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (c, next) => {
    await requireWithinLimit(deps, rule, clientKeyOf(c, deps.config.trustProxyHops));
    return next();
  };
  // Tagged so the rate-limit suite finds every limited route in Hono's route table.
  return Object.assign(middleware, { [RATE_LIMITED]: rule });
}

export const RATE_LIMITED = Symbol('rate-limited');
