/**
 * The API's route table as the hardening suites read it: every (method, path) Hono registered,
 * with the valibot schemas its `validate()` middleware checks and the rate-limit rule its
 * `rateLimit()` middleware counts (both tag their middleware, see server/lib/validate.ts and
 * rate-limit.ts). Suites generated from it cover a new route the day it is added.
 */
import type { Hono } from 'hono';
import type * as v from 'valibot';
import { RATE_LIMITED, type RateLimitRule } from '../lib/rate-limit.ts';
import { VALIDATES, type ValidatedInput } from '../lib/validate.ts';

export type ApiRoute = {
  method: string;
  /** Hono's pattern, e.g. `/tickets/api/tickets/:key/call-car`. */
  path: string;
  params: string[];
  schemas: Partial<Record<ValidatedInput['target'], v.GenericSchema>>;
  rateLimits: RateLimitRule[];
};

const PARAM = /:(\w+)(\{[^}]*\})?/g;

export function apiRoutes(app: Hono): ApiRoute[] {
  const byKey = new Map<string, ApiRoute>();
  for (const route of app.routes) {
    // `ALL` entries are middleware and the catch-all 404; wildcard paths have no fixed shape.
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    const key = `${route.method} ${route.path}`;
    const entry = byKey.get(key) ?? { method: route.method, path: route.path, params: [...route.path.matchAll(PARAM)].map((match) => match[1] ?? ''), schemas: {}, rateLimits: [] };
    const tagged = route.handler as unknown as { [VALIDATES]?: ValidatedInput; [RATE_LIMITED]?: RateLimitRule };
    const validated = tagged[VALIDATES];
    if (validated) entry.schemas[validated.target] = validated.schema;
    const limited = tagged[RATE_LIMITED];
    if (limited) entry.rateLimits.push(limited);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/** The route's path with its parameters replaced (values are inserted as given: the caller encodes, or deliberately does not). */
export function fillPath(route: Pick<ApiRoute, 'path'>, values: Record<string, string>): string {
  return route.path.replace(PARAM, (_, name: string) => values[name] ?? '1');
}
