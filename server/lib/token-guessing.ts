/**
 * Guessing an emulator token is slowed. Under the Auth emulator a token is unsigned, and what makes
 * a hand-made one pass is the second of the user's last sign-in (auth.ts, emulatorTokenProblem):
 * a small secret, once found at 121 guesses a second. Failed verifications are counted in the
 * shared rate-limit counters (rate-limit.ts), in 10-minute windows:
 * - per client address (an IPv6 address by its /64, which one host usually holds whole): past 20
 *   failures, every token from the address is refused without being checked (a verification is
 *   counted before it runs and given back if it succeeds, so parallel guesses count too);
 * - per uid the token names: past 10 failures the uid is under attack, and from then on an address
 *   that has itself failed 5 times on that uid has its tokens for it refused unchecked.
 * "Unchecked" matters: a correct guess is refused like a wrong one, so the refusals tell the
 * guesser nothing. The uid's owner is never locked out by someone else's guesses: a stranger's
 * failures only count against the stranger's address, and the owner's address, which has not
 * failed, still gets its tokens checked, so a genuine current token passes. Refusals answer 429
 * (spec 2 §8 "Too many requests") with Retry-After at the window's end.
 * Only under the emulator: a real project's tokens are signed, so there is nothing to guess.
 * docs/decisions/0101-identity-from-the-provider-record.md says why these numbers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser, TokenVerifier } from './auth.ts';
import { isUpstreamUnreachable, type HttpError } from './http-error.ts';
import { clientKeyOf, COUNT_HIT_SQL, hitRateLimit, TOO_MANY_REQUESTS_MESSAGE, tooManyRequests, windowStartOf, type RateLimitRule } from './rate-limit.ts';

const WINDOW_SECONDS = 600;
const rule = (bucket: string, limit: number): RateLimitRule => ({ bucket, limit, windowSeconds: WINDOW_SECONDS, message: TOO_MANY_REQUESTS_MESSAGE });

/** Failed token verifications one address may make in a window, whatever uids its tokens name. */
export const TOKEN_FAILURES_PER_CLIENT = rule('token-failures-client', 20);
/** Failed verifications of tokens naming one uid, from all addresses, before the uid is under attack. */
export const TOKEN_FAILURES_PER_UID = rule('token-failures-uid', 10);
/** While the uid is under attack: failures one address may have made on it and still have its tokens for it checked. */
export const TOKEN_FAILURES_PER_CLIENT_ON_UID = rule('token-failures-client-uid', 5);

type Caller = { clientKey: string; refusal: HttpError | undefined };
const callers = new AsyncLocalStorage<Caller>();

/**
 * An IPv6 address stands for its /64 (a host is usually given a whole /64, and could otherwise
 * use a fresh address for every guess); an IPv4 address, or anything else, for itself.
 */
export function addressBlockOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = (address.split('%')[0] ?? '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16)).join(':')}::/64`;
}

/** The uid an (unverified) token names, for counting: its `sub`, when it is a plausible uid. */
export function claimedUid(idToken: string): string | undefined {
  try {
    const claims: unknown = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const sub = typeof claims === 'object' && claims !== null && 'sub' in claims ? claims.sub : undefined;
    return typeof sub === 'string' && sub.length > 0 && sub.length <= 128 ? sub : undefined;
  } catch {
    return undefined;
  }
}

type Counter = { rule: RateLimitRule; key: string };

/**
 * Counts one verification against the address and reads the per-uid counters, in one statement
 * (all share one window): the address's hits after counting, then the uid's and the address-on-uid's
 * as they stand (0 when absent), without counting them.
 */
async function countAndRead(db: Db, client: Counter, perUid: Counter[], windowStart: Date): Promise<{ clientHits: number; uidHits: number; pairHits: number }> {
  const params: unknown[] = [client.rule.bucket, client.key, windowStart];
  const read = (counter: Counter | undefined) => counter === undefined
    ? '0'
    : `coalesce((select hits from rate_limit_counters where window_start = $3 and bucket = $${params.push(counter.rule.bucket)} and client_key = $${params.push(counter.key)}), 0)`;
  const [row] = await db.query<{ client_hits: number; uid_hits: number; pair_hits: number }>(
    `with hit as (${COUNT_HIT_SQL})
     select (select hits from hit) as client_hits, ${read(perUid[0])} as uid_hits, ${read(perUid[1])} as pair_hits`,
    params,
  );
  return { clientHits: row?.client_hits ?? 0, uidHits: row?.uid_hits ?? 0, pairHits: row?.pair_hits ?? 0 };
}

/** Takes back one hit counted in the given window (a verification that succeeded). */
async function giveBack(db: Db, counter: Counter, windowStart: Date): Promise<void> {
  await db.query('update rate_limit_counters set hits = hits - 1 where bucket = $1 and client_key = $2 and window_start = $3 and hits > 0', [counter.rule.bucket, counter.key, windowStart]);
}

type GuardDeps = { db: Db; now: () => Date; config: Pick<Config, 'authEmulatorHost'>; verifyToken: TokenVerifier };

/**
 * `deps.verifyToken` with failures counted and, past the limits, tokens refused unchecked (a
 * thrown 429 HttpError). The verifier as given when not under the emulator.
 *
 * The address's verification is counted before it runs and given back when it succeeds, so a
 * burst of parallel guesses cannot all pass the check before any is counted. The per-uid counts
 * are taken after a failure only: counted before, the owner's own parallel calls would count
 * against the owner's address while the uid is under attack.
 */
export function limitTokenGuessing(deps: GuardDeps): TokenVerifier {
  if (!deps.config.authEmulatorHost) return deps.verifyToken;
  return async (idToken) => {
    const caller = callers.getStore();
    const clientKey = caller?.clientKey ?? 'unknown';
    const uid = claimedUid(idToken);
    const client: Counter = { rule: TOKEN_FAILURES_PER_CLIENT, key: clientKey };
    const perUid: Counter[] = uid === undefined ? [] : [{ rule: TOKEN_FAILURES_PER_UID, key: uid }, { rule: TOKEN_FAILURES_PER_CLIENT_ON_UID, key: `${clientKey} ${uid}` }];
    const now = deps.now();
    const windowStart = windowStartOf(now, WINDOW_SECONDS);
    const { clientHits, uidHits, pairHits } = await countAndRead(deps.db, client, perUid, windowStart);
    const refusedBy = clientHits > TOKEN_FAILURES_PER_CLIENT.limit ? TOKEN_FAILURES_PER_CLIENT
      : uidHits >= TOKEN_FAILURES_PER_UID.limit && pairHits >= TOKEN_FAILURES_PER_CLIENT_ON_UID.limit ? TOKEN_FAILURES_PER_CLIENT_ON_UID
      : undefined;
    if (refusedBy) {
      const refusal = tooManyRequests(refusedBy, now);
      if (caller) caller.refusal = refusal;
      throw refusal;
    }
    let user: AuthUser;
    try {
      user = await deps.verifyToken(idToken);
    } catch (error) {
      // An unreachable emulator is nobody's guess: counting it would lock everyone out.
      if (isUpstreamUnreachable(error)) await giveBack(deps.db, client, windowStart);
      else for (const counter of perUid) await hitRateLimit(deps.db, counter.rule, counter.key, now);
      throw error;
    }
    await giveBack(deps.db, client, windowStart);
    return user;
  };
}

/**
 * Middleware: runs the request with its client address known to `limitTokenGuessing`, and turns the
 * 401 of whichever sign-in middleware caught a refusal (requireUser, staffOrCustomer, …) into the 429.
 */
export function tokenGuessingContext(config: Pick<Config, 'authEmulatorHost' | 'trustProxyHops'>): MiddlewareHandler {
  if (!config.authEmulatorHost) return (_c, next) => next();
  return async (c, next) => {
    const caller: Caller = { clientKey: addressBlockOf(clientKeyOf(c, config.trustProxyHops)), refusal: undefined };
    await callers.run(caller, next);
    if (caller.refusal && c.res.status === 401) throw caller.refusal;
  };
}
