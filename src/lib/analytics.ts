/**
 * Page views and purchase events to the operator's own log endpoint, POST /logs/api/events
 * (decision 0115; spec 1 §2.2, spec 2 §7), never to a third party. The rules:
 * - never in the driver's way: events are queued in memory and on the device, and sent in the
 *   background a few seconds later, up to 50 a batch; nothing here throws or is awaited by a screen;
 * - offline-queued: a batch that could not go (offline, 429, 5xx) stays queued (at most 200
 *   events, oldest dropped first) and goes when the network is back or on a later visit;
 * - the last events go with `navigator.sendBeacon` when the page is hidden or left (pagehide);
 * - no personal data: a path without its query string, a segment holding an email or a long number
 *   (a ticket number, a phone) replaced by ":id"; purchases carry id, amount, currency and method.
 *   The server refuses anything else (src/contract/analytics.ts).
 * A batch the server refuses as bad (400, 413) is dropped: sending it again would fail again.
 */
import type { AnalyticsBatch, AnalyticsEvent } from '../contract/analytics';
import { CLIENT_VERSION } from './client-version';
import { STORAGE_PREFIX } from './constants';
import { readStorage, writeStorage } from './storage';

export const ANALYTICS_EVENTS_PATH = '/logs/api/events';
const QUEUE_KEY = `${STORAGE_PREFIX}analytics-queue`;
const SESSION_KEY = `${STORAGE_PREFIX}analytics-session`;
export const FLUSH_DELAY_MS = 3_000;
const RETRY_DELAY_MS = 30_000;
const MAX_BATCH = 50;
export const MAX_QUEUED = 200;

/** The pathname as it may be stored: no query or fragment; emails and long numbers as ":id". */
export function redactPath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '/';
  const segments = pathname.split('/').map((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A malformed escape stays as typed; the checks below still apply.
    }
    return /\d{5,}|@/.test(decoded) || /\d{5,}|%40/i.test(segment) ? ':id' : segment.replace(/[^A-Za-z0-9_.~:%-]/g, '');
  });
  const redacted = segments.join('/') || '/';
  return (redacted.startsWith('/') ? redacted : `/${redacted}`).slice(0, 200);
}

export type AnalyticsTransport = {
  /** Posts one batch; resolves with the HTTP status, or rejects when the network failed. */
  post(batch: AnalyticsBatch): Promise<number>;
  /** Hands one batch to the browser to send after the page is gone; false when it would not take it. */
  beacon(batch: AnalyticsBatch): boolean;
  isOnline(): boolean;
};

type Timer = { set(callback: () => void, ms: number): unknown; clear(handle: unknown): void };

/** The queue, with its transport and timer given: the browser's below, a test's stand-ins in unit tests. */
export function createAnalyticsQueue(transport: AnalyticsTransport, sessionId: string, timer: Timer) {
  let queue: AnalyticsEvent[] = readQueue();
  let handle: unknown;
  let isSending = false;

  function readQueue(): AnalyticsEvent[] {
    try {
      const stored: unknown = JSON.parse(readStorage(QUEUE_KEY) ?? '[]');
      return Array.isArray(stored) ? (stored as AnalyticsEvent[]).slice(-MAX_QUEUED) : [];
    } catch {
      return [];
    }
  }
  const save = (): void => writeStorage(QUEUE_KEY, JSON.stringify(queue));
  const batchOf = (events: AnalyticsEvent[]): AnalyticsBatch => ({ sessionId, clientVersion: CLIENT_VERSION, events });
  const remove = (sent: AnalyticsEvent[]): void => {
    const gone = new Set(sent);
    queue = queue.filter((event) => !gone.has(event));
    save();
  };

  function schedule(ms: number): void {
    if (handle !== undefined || queue.length === 0) return;
    handle = timer.set(() => {
      handle = undefined;
      void flush();
    }, ms);
  }

  async function flush(): Promise<void> {
    if (isSending || queue.length === 0) return;
    // Offline: wait for the 'online' event rather than spend the battery on failures.
    if (!transport.isOnline()) return;
    isSending = true;
    const events = queue.slice(0, MAX_BATCH);
    let retryLater = false;
    try {
      const status = await transport.post(batchOf(events));
      if ((status >= 200 && status < 300) || status === 400 || status === 413) remove(events);
      else retryLater = true;
    } catch {
      retryLater = true;
    } finally {
      isSending = false;
    }
    schedule(retryLater ? RETRY_DELAY_MS : 0);
  }

  return {
    track(event: AnalyticsEvent): void {
      queue.push(event);
      if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
      save();
      if (queue.length >= MAX_BATCH) void flush();
      else schedule(FLUSH_DELAY_MS);
    },
    flush,
    /** The page is going (hidden, closed, navigated away): what is queued goes by beacon. */
    sendOnExit(): void {
      while (queue.length > 0 && transport.isOnline()) {
        const events = queue.slice(0, MAX_BATCH);
        if (!transport.beacon(batchOf(events))) return;
        remove(events);
      }
    },
    queued: (): readonly AnalyticsEvent[] => queue,
  };
}

function newSessionId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** This tab's session id: random, kept for the tab only (not the device, not the person). */
export function analyticsSessionId(): string {
  const existing = readStorage(SESSION_KEY, 'tab');
  if (existing && /^[A-Za-z0-9-]{8,64}$/.test(existing)) return existing;
  const id = newSessionId();
  writeStorage(SESSION_KEY, id, 'tab');
  return id;
}

const browserTransport: AnalyticsTransport = {
  post: async (batch) =>
    (
      await fetch(ANALYTICS_EVENTS_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Client-Version': CLIENT_VERSION },
        body: JSON.stringify(batch),
        keepalive: true,
      })
    ).status,
  beacon: (batch) => navigator.sendBeacon?.(ANALYTICS_EVENTS_PATH, new Blob([JSON.stringify(batch)], { type: 'application/json' })) ?? false,
  isOnline: () => navigator.onLine !== false,
};

type PurchaseDetail = { paymentId: number; amount: number; currency: string; method: 'saved_cc' | 'cc' | 'browser-pay' };

let browserQueue: ReturnType<typeof createAnalyticsQueue> | undefined;

/** The browser's queue, started once: the exit beacon, the flush on reconnect, and purchases heard as `pf:purchase`. */
function started(): ReturnType<typeof createAnalyticsQueue> | undefined {
  if (typeof window === 'undefined') return undefined;
  if (browserQueue) return browserQueue;
  const queue = createAnalyticsQueue(browserTransport, analyticsSessionId(), { set: (callback, ms) => window.setTimeout(callback, ms), clear: (handle) => window.clearTimeout(handle as number) });
  browserQueue = queue;
  window.addEventListener('pagehide', () => queue.sendOnExit());
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && queue.sendOnExit());
  window.addEventListener('online', () => void queue.flush());
  // Payments announce themselves as a window event (src/lib/payments-client.ts emitPurchaseEvent).
  window.addEventListener('pf:purchase', (event) => {
    const { paymentId, amount, currency, method } = (event as CustomEvent<PurchaseDetail>).detail;
    queue.track({ type: 'purchase', paymentId, amount, currency, method, at: new Date().toISOString() });
  });
  // Events queued on an earlier visit (offline at the gate) go now.
  void queue.flush();
  return queue;
}

/** Starts the queue (idempotent): called with the first page view, so purchases are heard from then on. */
export function startAnalytics(): void {
  started();
}

export function trackPageView(path: string): void {
  started()?.track({ type: 'page_view', path: redactPath(path), at: new Date().toISOString() });
}
