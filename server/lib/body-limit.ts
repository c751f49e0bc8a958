/**
 * A body limit on every request, checked before anything reads the body: a request whose
 * Content-Length is over the limit is answered 413 at once, without reading a byte of it, and a
 * chunked body is counted while it streams in and refused as soon as it passes the limit (Hono's
 * bodyLimit). So a 50 MB anonymous upload costs the server nothing but the refusal.
 *
 * Every API call takes small JSON (a client log record is at most a few KB), so the default is
 * 64 KB; a route that truly needs more is listed in LARGER_BODIES with its own limit (the plate
 * reader's photo, which also keeps its own, friendlier 413 message).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_RECOGNIZE_BODY_BYTES } from '../../src/contract/plates.ts';

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

type LargerBody = { method: string; path: RegExp; maxBytes: number };

const LARGER_BODIES: readonly LargerBody[] = [
  { method: 'POST', path: /^\/plates\/api\/recognize\/?$/, maxBytes: MAX_RECOGNIZE_BODY_BYTES },
];

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

function limitFor(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      // The rest of an oversized upload is not wanted: close the connection once answered.
      c.header('Connection', 'close');
      return c.json({ message: `The request body is larger than ${describeBytes(maxBytes)}.` }, 413);
    },
  });
}

export function limitRequestBodies(): MiddlewareHandler {
  const byDefault = limitFor(DEFAULT_BODY_LIMIT_BYTES);
  const larger = LARGER_BODIES.map((route) => ({ ...route, limit: limitFor(route.maxBytes) }));
  return async (c, next) => {
    const route = larger.find((candidate) => candidate.method === c.req.method && candidate.path.test(c.req.path));
    return (route?.limit ?? byDefault)(c, next);
  };
}
