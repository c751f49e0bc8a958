/**
 * Errors are values with user text (STYLE.md habit 7). The API client throws exactly these:
 * `ApiError` for an HTTP error answer, `NetworkError` when no answer came back (offline, DNS,
 * connection reset), `ResponseParseError` when the answer does not match the contract.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(message = 'Your device appears to be offline. Please enable your network connection and try again.') {
    super(message);
  }
}

export class ResponseParseError extends Error {
  override readonly name = 'ResponseParseError';
  constructor(
    readonly path: string,
    readonly issues: readonly string[],
  ) {
    super(`Unexpected response from ${path}: ${issues.join('; ')}`);
  }
}

/** A message for any thrown value. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return 'Unknown error';
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
