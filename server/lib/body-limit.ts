/**
 * A body limit on every request, checked before anything reads the body: a request whose
 * Content-Length is over the limit is answered 413 at once, without reading a byte of it, and a
 * chunked body is counted while it streams in and refused as soon as it passes the limit (Hono's
 * bodyLimit). So a 50 MB anonymous upload costs the server nothing but the refusal.
 *
 * Every API call takes small JSON (a client log record is at most a few KB), so the default is
 * 64 KB. A route that truly needs more is listed in OWN_LIMITS and must apply Hono's bodyLimit
 * itself, before it reads the body, with a 413 message that says what is too large (the plate
 * reader: "The photo is larger than 12 MB.", tested in server/plates/routes.api.test.ts).
 *
 * Size is not the only bound: every request's `c.req.json()` is guarded too, so a JSON body
 * nested deeper than 32 levels, or with an id no int4 column holds, is a 400 on every route,
 * whoever parses it (server/lib/json-depth.ts). And time: a body under the default limit must
 * arrive within 30 s (server/lib/request-timeouts.ts), the photo uploads within Node's 120 s.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { guardJsonBodies } from './json-depth.ts';
import { limitBodyTime } from './request-timeouts.ts';

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** Routes that take larger bodies and limit them themselves. */
export const OWN_LIMITS: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/plates\/api\/recognize\/?$/ }, // server/plates/routes.ts, MAX_RECOGNIZE_BODY_BYTES
  { method: 'POST', path: /^\/claims\/api\/claims\/customers\/?$/ }, // server/claims/routes.ts, MAX_CLAIM_BODY_BYTES
  { method: 'POST', path: /^\/payments\/api\/monthly-contracts\/[^/]+\/exemption\/?$/ }, // server/exemptions/routes.ts, MAX_EXEMPTION_BODY_BYTES
];

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

function limitFor(maxBytes: number): MiddlewareHandler {
  const refuse = (c: Context) => {
    // The rest of an oversized upload is not wanted: close the connection once answered.
    c.header('Connection', 'close');
    return c.json({ message: `The request body is larger than ${describeBytes(maxBytes)}.` }, 413);
  };
  const countWhileStreaming = bodyLimit({ maxSize: maxBytes, onError: refuse });
  return async (c, next) => {
    // Judged by the headers where they tell: Hono's bodyLimit first asks for the body stream,
    // which makes the node adapter build a whole web Request (~0.2 ms) and the route then read
    // the body through it rather than straight from the socket — about a tenth of a rates
    // search's CPU (README, issue 16 item 5). Only a chunked body is counted as it streams.
    if (c.req.header('Transfer-Encoding') !== undefined) {
      limitBodyTime(c);
      return countWhileStreaming(c, next);
    }
    const length = c.req.header('Content-Length');
    // Neither header: HTTP/1.1 has no body to read.
    if (length === undefined) return next();
    if (Number.parseInt(length, 10) > maxBytes) return refuse(c);
    limitBodyTime(c);
    return next();
  };
}

export function limitRequestBodies(): MiddlewareHandler {
  const byDefault = limitFor(DEFAULT_BODY_LIMIT_BYTES);
  return async (c, next) => {
    guardJsonBodies(c);
    const hasOwnLimit = OWN_LIMITS.some((route) => route.method === c.req.method && route.path.test(c.req.path));
    return hasOwnLimit ? next() : byDefault(c, next);
  };
}
