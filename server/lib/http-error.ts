/**
 * Errors are values with user text: a handler throws HttpError(status, message) and the
 * app's onError turns it into `{ message }` JSON. Anything unexpected becomes a logged 500
 * with a generic message; bad input never reaches that path because every input is validated.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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

export function handleError(error: unknown, c: Context) {
  if (error instanceof HttpError) return c.json({ message: error.message }, error.status, error.headers);
  if (error instanceof HTTPException) {
    const message = error.status === 400 ? `Bad request: ${error.message}` : error.message;
    return c.json({ message }, error.status);
  }
  console.error(`[server] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ message: 'Our system could not process this request.' }, 500);
}
