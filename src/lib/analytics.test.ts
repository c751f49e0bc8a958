import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsBatch } from '../contract/analytics';
import { createAnalyticsQueue, FLUSH_DELAY_MS, MAX_QUEUED, redactPath, type AnalyticsTransport } from './analytics';

describe('redactPath', () => {
  it('keeps page paths and drops query strings, fragments, emails and long numbers', () => {
    expect(redactPath('/locations/123-w-44th-st-new-york')).toBe('/locations/123-w-44th-st-new-york');
    expect(redactPath('/user-mgmt?mode=resetPassword&oobCode=abc')).toBe('/user-mgmt');
    expect(redactPath('/pay-for-parking/10442611230001004821001/confirmation')).toBe('/pay-for-parking/:id/confirmation');
    expect(redactPath('/x/pat%40example.com')).toBe('/x/:id');
    expect(redactPath('/x/pat@example.com#top')).toBe('/x/:id');
    expect(redactPath('/search/results')).toBe('/search/results');
    expect(redactPath('/')).toBe('/');
  });
});

type Fake = AnalyticsTransport & { posts: AnalyticsBatch[]; beacons: AnalyticsBatch[]; status: number | 'offline-error'; online: boolean; beaconTakes: boolean };

function fakeTransport(): Fake {
  const fake: Fake = {
    posts: [],
    beacons: [],
    status: 202,
    online: true,
    beaconTakes: true,
    post: (batch) => {
      fake.posts.push(batch);
      return fake.status === 'offline-error' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(fake.status);
    },
    beacon: (batch) => {
      if (fake.beaconTakes) fake.beacons.push(batch);
      return fake.beaconTakes;
    },
    isOnline: () => fake.online,
  };
  return fake;
}

function manualTimer() {
  const pending: { callback: () => void; ms: number }[] = [];
  return {
    pending,
    set: (callback: () => void, ms: number) => pending.push({ callback, ms }),
    clear: () => undefined,
    async fire() {
      const next = pending.shift();
      next?.callback();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const view = (path: string) => ({ type: 'page_view' as const, path, at: '2026-12-06T09:00:00.000Z' });

/** A Map as the device's storage: the node test environment has none. */
beforeEach(() => {
  const values = new Map<string, string>();
  vi.stubGlobal('localStorage', { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => values.set(key, value), removeItem: (key: string) => values.delete(key) });
});

describe('createAnalyticsQueue', () => {
  it('sends queued events together after a short delay, not one request per event', async () => {
    const transport = fakeTransport();
    const timer = manualTimer();
    const queue = createAnalyticsQueue(transport, 'tab-12345678', timer);
    queue.track(view('/'));
    queue.track(view('/locations'));
    expect(transport.posts).toHaveLength(0);
    expect(timer.pending.map((entry) => entry.ms)).toEqual([FLUSH_DELAY_MS]);
    await timer.fire();
    expect(transport.posts).toHaveLength(1);
    expect(transport.posts[0]?.events.map((event) => event.type === 'page_view' && event.path)).toEqual(['/', '/locations']);
    expect(transport.posts[0]?.sessionId).toBe('tab-12345678');
    expect(queue.queued()).toHaveLength(0);
  });

  it('keeps events while offline or refused for now, on the device across visits, and sends them on reconnect', async () => {
    const transport = fakeTransport();
    transport.online = false;
    const timer = manualTimer();
    createAnalyticsQueue(transport, 'tab-12345678', timer).track(view('/pay-for-parking'));
    await timer.fire();
    expect(transport.posts).toHaveLength(0);
    // A later visit (a new queue) finds it on the device; a 503 and a network failure keep it too.
    const again = createAnalyticsQueue(transport, 'tab-87654321', manualTimer());
    expect(again.queued()).toHaveLength(1);
    transport.online = true;
    for (const status of [503, 429, 'offline-error'] as const) {
      transport.status = status;
      await again.flush();
      expect(again.queued()).toHaveLength(1);
    }
    transport.status = 202;
    await again.flush();
    expect(again.queued()).toHaveLength(0);
    expect(transport.posts.at(-1)?.events).toEqual([view('/pay-for-parking')]);
  });

  it('drops a batch the server refuses as bad, and never holds more than the cap', async () => {
    const transport = fakeTransport();
    transport.status = 400;
    const queue = createAnalyticsQueue(transport, 'tab-12345678', manualTimer());
    queue.track(view('/a'));
    await queue.flush();
    expect(queue.queued()).toHaveLength(0);
    transport.online = false;
    for (let index = 0; index < MAX_QUEUED + 10; index += 1) queue.track(view(`/p${index}`));
    expect(queue.queued()).toHaveLength(MAX_QUEUED);
    expect(queue.queued()[0]).toEqual(view('/p10'));
  });

  it('hands what is queued to sendBeacon when the page goes, 50 a batch', () => {
    const transport = fakeTransport();
    transport.online = false;
    const queue = createAnalyticsQueue(transport, 'tab-12345678', manualTimer());
    for (let index = 0; index < 70; index += 1) queue.track(view(`/p${index}`));
    transport.online = true;
    queue.sendOnExit();
    expect(transport.beacons.map((batch) => batch.events.length)).toEqual([50, 20]);
    expect(queue.queued()).toHaveLength(0);
    // A beacon the browser would not take leaves the events for the next visit.
    queue.track(view('/z'));
    transport.beaconTakes = false;
    queue.sendOnExit();
    expect(queue.queued()).toHaveLength(1);
  });
});
