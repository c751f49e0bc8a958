/**
 * Uncaught errors and unhandled promise rejections become ClientError log records, rate-limited
 * so a render loop cannot flood the log service: the same message once a minute, and at most
 * `maxPerWindow` records a minute overall.
 */
import { logClientEvent, type LogUser } from './client-log';
import { getErrorMessage } from './errors';

export function createRateLimiter({ maxPerWindow, windowMs, now }: { maxPerWindow: number; windowMs: number; now: () => number }) {
  let windowStart = -Infinity;
  let count = 0;
  const lastSeen = new Map<string, number>();
  return function shouldReport(key: string): boolean {
    const time = now();
    if (time - windowStart >= windowMs) {
      windowStart = time;
      count = 0;
    }
    const seenAt = lastSeen.get(key);
    if (seenAt !== undefined && time - seenAt < windowMs) return false;
    if (count >= maxPerWindow) return false;
    count += 1;
    lastSeen.set(key, time);
    return true;
  };
}

export function describeErrorEvent(event: ErrorEvent | PromiseRejectionEvent): string {
  if ('reason' in event) {
    const reason: unknown = event.reason;
    return `Unhandled rejection: ${getErrorMessage(reason)}${reason instanceof Error && reason.stack ? `\n${reason.stack}` : ''}`;
  }
  const where = event.filename ? ` at ${event.filename}:${event.lineno}:${event.colno}` : '';
  const error: unknown = event.error;
  return `${event.message || getErrorMessage(error)}${where}${error instanceof Error && error.stack ? `\n${error.stack}` : ''}`;
}

/**
 * Installs the window listeners once; `getUser` reads the session at report time. `earlier` are
 * errors caught before this module loaded (main.tsx loads it after the first paint).
 */
export function installErrorReporting(getUser: () => LogUser | null, earlier: ReadonlyArray<ErrorEvent | PromiseRejectionEvent> = []): () => void {
  const shouldReport = createRateLimiter({ maxPerWindow: 5, windowMs: 60_000, now: () => Date.now() });
  const report = (event: ErrorEvent | PromiseRejectionEvent): void => {
    const message = describeErrorEvent(event);
    if (shouldReport(message.split('\n')[0] ?? message)) logClientEvent('ClientError', 'Error', message, getUser());
  };
  earlier.forEach(report);
  window.addEventListener('error', report);
  window.addEventListener('unhandledrejection', report);
  return () => {
    window.removeEventListener('error', report);
    window.removeEventListener('unhandledrejection', report);
  };
}
