/**
 * A trickled request is cut off (issue 37 item 7): the real app behind a real Node server with
 * the options main.ts uses, and a client that sends its body a byte every 250 ms, as the outside
 * attacker did (it held a connection ~300 s). The default routes' body deadline (30 s) is the
 * production value; Node's header and whole-request limits are shortened here so the test is quick,
 * while the production values are checked as numbers.
 */
import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { BODY_DEADLINE_MS, BODY_TOO_SLOW_MESSAGE, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, requestTimeoutOptions } from './request-timeouts.ts';

const SHORT_HEADERS_MS = 1_500;
const SHORT_REQUEST_MS = 4_000;

let t: TestApp;
let server: ReturnType<typeof serve>;
let port = 0;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: requestTimeoutOptions({ headersMs: SHORT_HEADERS_MS, requestMs: SHORT_REQUEST_MS }) });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
}, 180_000);
afterAll(async () => {
  if (server) {
    (server as Server).closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await t?.close();
});

type Trickled = { ms: number; response: string };

/** Sends `head` at once, then `body` one byte every 250 ms; resolves when the server answers or closes. */
function trickle(head: string, body: string): Promise<Trickled> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++] ?? '');
    }, 250);
    const done = () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - startedAt, response });
    };
    socket.on('data', (chunk) => (response += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', done);
    socket.write(head);
  });
}

const post = (path: string, length: number, type = 'application/json') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

describe('request time limits', () => {
  it('production values: headers 15 s, a whole request 120 s, a default route’s body 30 s', () => {
    expect(requestTimeoutOptions()).toEqual({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 });
    expect([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, BODY_DEADLINE_MS]).toEqual([15_000, 120_000, 30_000]);
  });

  it('cuts a JSON body trickled to a default route at 30 s with a 408 and closes the connection', { timeout: BODY_DEADLINE_MS + 20_000 }, async () => {
    // Node's whole-request limit is lifted for this one server so the body deadline is what acts.
    const own = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: requestTimeoutOptions({ requestMs: 0 }) });
    await new Promise<void>((resolve) => own.once('listening', () => resolve()));
    const ownPort = (own.address() as AddressInfo).port;
    try {
      const body = JSON.stringify({ message: 'x'.repeat(400), level: 'error' });
      const result = await new Promise<Trickled>((resolve) => {
        const startedAt = Date.now();
        const socket = connect(ownPort, '127.0.0.1');
        let response = '';
        let sent = 0;
        const timer = setInterval(() => socket.destroyed || socket.write(body[sent++] ?? ' '), 250);
        socket.on('data', (chunk) => (response += chunk.toString()));
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(timer);
          resolve({ ms: Date.now() - startedAt, response });
        });
        socket.write(post('/logs/api/webclient_log', body.length));
      });
      expect(result.response).toMatch(/^HTTP\/1\.1 408/);
      expect(result.response).toContain(BODY_TOO_SLOW_MESSAGE);
      expect(result.ms).toBeGreaterThanOrEqual(BODY_DEADLINE_MS - 500);
      expect(result.ms).toBeLessThan(BODY_DEADLINE_MS + 5_000);
    } finally {
      (own as Server).closeAllConnections();
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  });

  it('cuts a body trickled to a photo upload route (the anonymous claim form) at Node’s whole-request limit', { timeout: 30_000 }, async () => {
    const result = await trickle(post('/claims/api/claims/customers', 100_000), '{"claim":' + ' '.repeat(1_000));
    expect(result.response).toMatch(/^HTTP\/1\.1 408/);
    expect(result.ms).toBeLessThan(SHORT_REQUEST_MS + 3_000);
  });

  it('cuts trickled headers at the header limit', { timeout: 30_000 }, async () => {
    const result = await trickle('POST /logs/api/webclient_log HTTP/1.1\r\n', 'X-Slow: ' + 'a'.repeat(1_000));
    expect(result.response).toMatch(/^HTTP\/1\.1 408/);
    expect(result.ms).toBeLessThan(SHORT_HEADERS_MS + 3_000);
  });

  it('leaves a body sent at once alone: it reaches the route (here its schema’s 400), no 408', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/logs/api/webclient_log`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Invalid request body: /);
  });
});
