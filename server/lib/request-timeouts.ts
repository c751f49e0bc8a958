/**
 * Time limits on receiving a request (issue 37 item 7), so a client trickling its body a byte at a
 * time cannot hold a connection (Node's default requestTimeout is 300 s, which the outside
 * attacker measured):
 * - headers within HEADERS_TIMEOUT_MS, and the whole request within REQUEST_TIMEOUT_MS, on every
 *   route: Node's own limits (408 and the socket closed), checked every second instead of every
 *   30 s so the cut comes when due;
 * - the body of a route under the default 64 KB limit (every API call but the photo uploads)
 *   within BODY_DEADLINE_MS of its arrival: a JSON body of a few KB needs well under a second even
 *   on the garage's weak signal (2.5 KB/s: 64 KB in 26 s). The photo uploads (claims, up to 40 MB;
 *   the plate reader) keep the longer REQUEST_TIMEOUT_MS.
 * Only receiving is timed: a slow answer (a card charge, the idempotency wait) is not.
 */
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { Context } from 'hono';

export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 120_000;
export const BODY_DEADLINE_MS = 30_000;

export const BODY_TOO_SLOW_MESSAGE = 'The request body did not arrive in time.';

/** For @hono/node-server's serve({ serverOptions }). */
export function requestTimeoutOptions(limits: { headersMs?: number; requestMs?: number } = {}): ServerOptions {
  return {
    headersTimeout: limits.headersMs ?? HEADERS_TIMEOUT_MS,
    requestTimeout: limits.requestMs ?? REQUEST_TIMEOUT_MS,
    // Node checks the two limits on this interval (default 30 s): a 30 s limit could hold 60 s.
    connectionsCheckingInterval: 1_000,
  };
}

type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

/**
 * Answers 408 and closes the connection when the request's body has not fully arrived within
 * `ms` of now (the request's headers have just arrived). No effect without a Node socket
 * (app.request() in tests) or when there is no body still to come.
 */
export function limitBodyTime(c: Context, ms: number = BODY_DEADLINE_MS): void {
  const { incoming, outgoing } = (c.env ?? {}) as NodeBindings;
  if (!incoming || !outgoing || typeof incoming.once !== 'function' || incoming.complete || incoming.readableEnded) return;
  const timer = setTimeout(() => {
    if (incoming.complete) return;
    if (!outgoing.headersSent) {
      outgoing.writeHead(408, { 'Content-Type': 'application/json; charset=UTF-8', Connection: 'close' });
      outgoing.end(JSON.stringify({ message: BODY_TOO_SLOW_MESSAGE }));
    }
    // The rest of the body is not wanted, nor the connection that trickles it.
    outgoing.once('finish', () => incoming.socket.destroy());
    if (outgoing.writableFinished) incoming.socket.destroy();
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  incoming.once('end', clear);
  incoming.once('close', clear);
}
