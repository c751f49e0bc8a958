/**
 * Errors are values with user text: a handler throws HttpError(status, message) and the
 * app's onError turns it into `{ message }` JSON. Anything unexpected becomes a logged 500
 * with a generic message; bad input never reaches that path because every input is validated.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { log } from './logger.ts';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} was not found.`);

export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** Spec 2's text for lookup/verification failures, used when a service we call cannot be reached. */
export const UPSTREAM_UNREACHABLE_MESSAGE = 'We’re sorry, but there seems to be a system error. Please try again later.';

const NETWORK_CODES = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'app/network-error', 'app/network-timeout'];

/**
 * Whether an error means a service we depend on (the identity provider, the card processor) could
 * not be reached: firebase-admin's network errors and Node's socket errors, on the error or its
 * cause. That is the caller's request failing through no fault of its own: a 503, not a 500.
 */
export function isUpstreamUnreachable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.includes(code)) return true;
    if (NETWORK_CODES.some((networkCode) => current instanceof Error && current.message.includes(`Error code: ${networkCode}`))) return true;
  }
  return false;
}

export function handleError(error: unknown, c: Context) {
  if (error instanceof HttpError) return c.json({ message: error.message }, error.status, error.headers);
  if (error instanceof HTTPException) {
    const message = error.status === 400 ? `Bad request: ${error.message}` : error.message;
    return c.json({ message }, error.status);
  }
  if (isUpstreamUnreachable(error)) {
    log.error(`[server] a service we call is unreachable: ${getErrorMessage(error)}`); // the request line names method and route
    return c.json({ message: UPSTREAM_UNREACHABLE_MESSAGE }, 503, { 'Retry-After': '30' });
  }
  log.error({ err: error }, '[server] request failed'); // not c.req.path: paths carry plates and emails
  return c.json({ message: 'Our system could not process this request.' }, 500);
}
