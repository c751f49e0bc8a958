import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientKeyOf, windowStartOf } from './rate-limit.ts';

describe('windowStartOf', () => {
  it('puts instants into fixed windows', () => {
    expect(windowStartOf(new Date('2026-11-23T19:04:59.999Z'), 600).toISOString()).toBe('2026-11-23T19:00:00.000Z');
    expect(windowStartOf(new Date('2026-11-23T19:10:00.000Z'), 600).toISOString()).toBe('2026-11-23T19:10:00.000Z');
  });
});

describe('clientKeyOf', () => {
  const app = new Hono().get('/', (c) => c.text(clientKeyOf(c)));
  it('uses the first X-Forwarded-For entry behind a local proxy (no socket in app.request)', async () => {
    expect(await (await app.request('/', { headers: { 'X-Forwarded-For': '203.0.113.9, 10.0.0.1' } })).text()).toBe('203.0.113.9');
    expect(await (await app.request('/')).text()).toBe('local');
  });
  it('ignores X-Forwarded-For from a remote peer', async () => {
    const incoming = { socket: { remoteAddress: '198.51.100.7', remotePort: 1234, remoteFamily: 'IPv4' } };
    const response = await app.request('/', { headers: { 'X-Forwarded-For': '203.0.113.9' } }, { incoming });
    expect(await response.text()).toBe('198.51.100.7');
  });
});
