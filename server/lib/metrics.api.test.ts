/**
 * Prometheus metrics after real traffic through the app: requests by route pattern and status,
 * a saved-card payment by outcome and its processor call, rate-limit refusals, a plate read,
 * database queries (and the pool on PostgreSQL), event-loop delay and memory. The endpoint is a
 * listener of its own on 127.0.0.1: the public app has no /metrics, and the port does not answer
 * on the machine's other addresses.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { registerTestPayable } from '../payments/test-payable.ts';
import { createEmulatorUser, emulatorTokenVerifier } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { setLogDestination } from './logger.ts';
import { startMetricsServer, type MetricsServer } from './metrics-server.ts';

let t: TestApp;
let metrics: MetricsServer;

beforeAll(async () => {
  registerTestPayable();
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  const started = await startMetricsServer(0);
  if (!started) throw new Error('metrics server did not start');
  metrics = started;
}, 180_000); // a loaded machine (two cores, several suites) takes its time to copy the database
afterAll(async () => {
  await metrics.close();
  await t.close();
});

const scrape = async () => {
  const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

/** The value of one series, e.g. `parkfair_payments_total{outcome="succeeded"}`; 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics on the loopback listener', () => {
  it('counts requests, payments, processor calls, refusals, plate reads and queries after traffic', async () => {
    const before = await scrape();
    const user = await createEmulatorUser();

    // Requests: two answers on one pattern, whatever the location number in the path.
    expect((await t.request('/locations/api/locations/by-number/1035')).status).toBe(200);
    expect((await t.request('/locations/api/locations/by-number/9999')).status).toBe(404);

    // A saved-card payment.
    const post = (path: string, json: unknown) => t.request(`/payments/api${path}`, { method: 'POST', json, token: user.idToken });
    const setup = (await (await post('/payments/setup/initialize', { systemEntityId: null, paymentId: null })).json()) as { clientSecret: string; transactionIntentId: string; providerCustomerId: string };
    const card = (await (await post('/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'A', zip: '10001' })).json()) as { paymentMethodId: string };
    await post(`/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId });
    const saved = (await (await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId })).json()) as { customerPaymentMethodId: number };
    expect((await post(`/payments/methods/${saved.customerPaymentMethodId}/charge`, { systemEntityId: `test:990-${randomBytes(4).toString('hex')}` })).status).toBe(200);

    // Rate-limit refusals: the account lookups allow 60 per client in 10 minutes.
    let refused = 0;
    for (let i = 0; i < 62; i += 1) {
      const response = await t.request('/accounts/api/customers/is-phone-registered/12345', { headers: { 'X-Forwarded-For': '198.51.100.77' } });
      if (response.status === 429) refused += 1;
    }
    expect(refused).toBeGreaterThan(0);

    // A plate read of a photo with no plate (loads the models once).
    const blank = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#777' } }).jpeg().toBuffer();
    expect((await t.request('/plates/api/recognize', { method: 'POST', token: user.idToken, json: { base64Image: blank.toString('base64') } })).status).toBe(200);

    const after = await scrape();
    const grew = (series: string, by = 1) => expect(valueOf(after, series) - valueOf(before, series), series).toBeGreaterThanOrEqual(by);
    grew('parkfair_http_requests_total{method="GET",route="/locations/api/locations/by-number/:locationNumber",status="200"}');
    grew('parkfair_http_requests_total{method="GET",route="/locations/api/locations/by-number/:locationNumber",status="404"}');
    grew('parkfair_http_request_duration_seconds_count{method="POST",route="/payments/api/payments/methods/:id/charge",status="200"}');
    grew('parkfair_payments_total{outcome="succeeded"}');
    grew('parkfair_payment_provider_request_duration_seconds_count{provider="test-processor",operation="chargeSavedCard",outcome="ok"}');
    grew('parkfair_rate_limit_refusals_total{route="/accounts/api/customers/is-phone-registered/:phone"}', refused);
    grew('parkfair_plate_read_duration_seconds_count{outcome="none"}');
    grew(`parkfair_db_query_duration_seconds_count{driver="${t.db.kind}",outcome="ok"}`, 10);
    if (t.db.kind === 'postgres') expect(valueOf(after, 'parkfair_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) expect(after).toMatch(new RegExp(`^${name} `, 'm'));
    // No raw path, so no location number, plate or phone, is a label.
    expect(after).not.toContain('by-number/1035');
    expect(after).not.toContain('is-phone-registered/12345');
  }, 120_000);

  it('answers only /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('not reachable from outside', () => {
  it('the public app has no /metrics, whatever the proxy headers say', async () => {
    for (const headers of [{}, { 'X-Forwarded-For': '127.0.0.1' }, { 'X-Forwarded-For': '203.0.113.9' }] as Record<string, string>[]) {
      const response = await t.request('/metrics', { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('parkfair_');
    }
  });

  it("the listener is bound to 127.0.0.1: the machine's other addresses refuse the connection", async () => {
    const external = Object.values(os.networkInterfaces()).flat().filter((entry) => entry && !entry.internal && entry.family === 'IPv4');
    // A sandbox without a network interface has no other address to try; the bound address is checked either way.
    for (const entry of external) {
      await expect(fetch(`http://${entry?.address}:${metrics.port}/metrics`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();
    }
    await expect(fetch(`http://[::1]:${metrics.port}/metrics`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();
  });

  it('a port already taken (a second process on the host) is logged, and the server goes on without metrics', async () => {
    const lines: string[] = [];
    const restore = setLogDestination({ write: (line: string) => void lines.push(line) });
    try {
      expect(await startMetricsServer(metrics.port)).toBeUndefined();
    } finally {
      restore();
    }
    expect(lines.join('')).toContain('give each process on this host its own METRICS_PORT');
  });

  it('METRICS_PORT: a port, off, or refused at start', () => {
    expect(parseConfig({}).metricsPort).toBe(9464);
    expect(parseConfig({ METRICS_PORT: '9500' }).metricsPort).toBe(9500);
    expect(parseConfig({ METRICS_PORT: 'off' }).metricsPort).toBeUndefined();
    expect(() => parseConfig({ METRICS_PORT: 'public' })).toThrow(/METRICS_PORT/);
  });
});
