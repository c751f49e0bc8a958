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
  const appTrusting = (hops: number) => new Hono().get('/', (c) => c.text(clientKeyOf(c, hops)));
  const remote = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 1234, remoteFamily: 'IPv4' } } });
  const keyOf = async (hops: number, forwarded: string | undefined, peer = '127.0.0.1') =>
    (await appTrusting(hops).request('/', { headers: forwarded ? { 'X-Forwarded-For': forwarded } : {} }, remote(peer))).text();

  it('with no proxy configured uses the socket peer and ignores X-Forwarded-For, loopback or not', async () => {
    expect(await keyOf(0, '203.0.113.9', '198.51.100.7')).toBe('198.51.100.7');
    expect(await keyOf(0, '203.0.113.9')).toBe('127.0.0.1');
    expect(await keyOf(0, undefined)).toBe('127.0.0.1');
  });
  it('behind N proxies takes the Nth address from the right, so entries the caller wrote on the left do not count', async () => {
    expect(await keyOf(1, '203.0.113.9')).toBe('203.0.113.9');
    expect(await keyOf(1, '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(await keyOf(2, '1.2.3.4, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });
  it('trusting more proxies than there are addresses falls back to the leftmost, never to nothing', async () => {
    expect(await keyOf(3, '203.0.113.9')).toBe('203.0.113.9');
    expect(await (await appTrusting(0).request('/')).text()).toBe('local');
  });
});
