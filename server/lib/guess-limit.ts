/**
 * Slowing the guessing of numbers that unlock something (a paper ticket's number, a reservation
 * number; decision 0105), on the counters of rate-limit.ts.
 *
 * A wrong guess (the number names nothing: 404) costs far more than a lookup that finds what it
 * names: a client may miss `missesPerClient` times per window, and all clients together
 * `missesOverall` times (so rotating addresses does not buy more guesses), while a found number
 * counts only against the client's generous `lookupsPerClient`. A guess is counted as a miss
 * before the lookup runs, so parallel guesses cannot all slip under the limit, and given back when
 * it finds something. The 429 comes before the lookup's answer, so a client over its limit learns
 * nothing from it, whether its number was right or wrong.
 *
 * Only the guesser is slowed: counters are per client (and the overall ceiling), never per number,
 * so a stranger's wrong guesses cannot lock the holder of a number out of using it.
 */
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { HttpError } from './http-error.ts';
import { hitRateLimit, RATE_LIMITED, tooManyRequests, windowStartOf, type RateLimitRule } from './rate-limit.ts';

export type GuessRule = {
  /** Names the counters: `<family>-misses`, `<family>-lookups`. */
  family: string;
  windowSeconds: number;
  /** Wrong guesses one client may make per window. */
  missesPerClient: number;
  /** Wrong guesses everyone together may make per window. */
  missesOverall: number;
  /** Lookups of any outcome one client may make per window; none when absent. */
  lookupsPerClient?: number;
  /** The user-facing text of the 429. */
  message: string;
};

/** The client key of the overall ceiling: not an address, so no client can be it. */
export const EVERYONE = '*';

type GuessDeps = { db: Db; now: () => Date };

const counter = (rule: GuessRule, name: 'misses' | 'lookups', limit: number): RateLimitRule => ({
  bucket: `${rule.family}-${name}`, limit, windowSeconds: rule.windowSeconds, message: rule.message,
});

/** The per-client miss limit as a rate-limit rule (what the rate-limit suite drives). */
export const missRuleOf = (rule: GuessRule): RateLimitRule => counter(rule, 'misses', rule.missesPerClient);

async function giveBack(db: Db, counted: RateLimitRule, key: string, now: Date): Promise<void> {
  await db.query(
    'update rate_limit_counters set hits = hits - 1 where bucket = $1 and client_key = $2 and window_start = $3 and hits > 0',
    [counted.bucket, key, windowStartOf(now, counted.windowSeconds)],
  );
}

/** One guess in flight: counted as a miss until `found()` gives it back. */
export type Guess = { found: () => Promise<void> };

/** Counts one guess by `clientKey`; throws the 429 when the client, or everyone, is over the limit. */
export async function startGuess(deps: GuessDeps, rule: GuessRule, clientKey: string): Promise<Guess> {
  const { db } = deps;
  const now = deps.now();
  if (rule.lookupsPerClient !== undefined) {
    const lookups = counter(rule, 'lookups', rule.lookupsPerClient);
    if (!(await hitRateLimit(db, lookups, clientKey, now))) throw tooManyRequests(lookups, now);
  }
  const mine = missRuleOf(rule);
  if (!(await hitRateLimit(db, mine, clientKey, now))) throw tooManyRequests(mine, now);
  const overall = counter(rule, 'misses', rule.missesOverall);
  if (!(await hitRateLimit(db, overall, EVERYONE, now))) {
    // Refused for everyone's guesses, not this client's: this one is not held against it.
    await giveBack(db, mine, clientKey, now);
    throw tooManyRequests(overall, now);
  }
  let isGivenBack = false;
  return {
    async found() {
      if (isGivenBack) return;
      isGivenBack = true;
      await giveBack(db, mine, clientKey, now);
      await giveBack(db, overall, EVERYONE, now);
    },
  };
}

export const isNotFound = (error: unknown): boolean => error instanceof HttpError && error.status === 404;

/** Runs `lookup` as one guess: anything but a 404 (found, or refused for another reason) is given back. */
export async function guessing<T>(deps: GuessDeps, rule: GuessRule, clientKey: string, lookup: () => Promise<T>): Promise<T> {
  const guess = await startGuess(deps, rule, clientKey);
  try {
    const result = await lookup();
    await guess.found();
    return result;
  } catch (error: unknown) {
    if (!isNotFound(error)) await guess.found();
    throw error;
  }
}

/**
 * Middleware: the whole route is the lookup, and its 404 answer is the miss. Tagged with the
 * per-client miss rule, so the rate-limit suite drives it like any limited route.
 */
export function guessLimit(deps: GuessDeps, rule: GuessRule, clientKeyOf: (c: Parameters<MiddlewareHandler>[0]) => string): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (c, next) => {
    const guess = await startGuess(deps, rule, clientKeyOf(c));
    await next();
    if (c.res.status !== 404) await guess.found();
  };
  return Object.assign(middleware, { [RATE_LIMITED]: missRuleOf(rule) });
}
