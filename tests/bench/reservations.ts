/**
 * `npm run bench -- reservations`: a daily reservation created and charged through the API by 20
 * customers at once, on a throwaway server (its own process, fresh PGlite, the built-in test
 * processor) and the bench's own Auth emulator. Each customer has a saved card (enrolled before
 * the clock starts) and makes 5 reservations one after the other, each for its own stay so every
 * quote is new: the timed part is POST /reservations/api/reservations then
 * POST /payments/api/payments/methods/{id}/charge. DESIGN.md sets no budget for it; the figure is
 * reported with the load average beside it (the machine is shared).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { startBenchServer } from './bench-server.ts';
import { startOwnAuthEmulator } from './signed-in-driver.ts';

const CUSTOMERS = 20;
const RESERVATIONS_EACH = 5;
const DAY_MS = 86_400_000;

type Customer = { token: string; methodId: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function call<T>(baseUrl: string, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function newCustomer(baseUrl: string, emulatorHost: string): Promise<Customer> {
  const signUp = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'secret-123', returnSecureToken: true }),
  });
  const { idToken: token } = (await signUp.json()) as { idToken: string };
  const setup = await call<{ clientSecret: string; transactionIntentId: string; providerCustomerId: string }>(baseUrl, 'POST', '/payments/api/payments/setup/initialize', {}, token);
  const card = await call<{ paymentMethodId: string }>(baseUrl, 'POST', '/payments/api/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', name: 'Bench', zip: '10001' });
  await call(baseUrl, 'POST', `/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId });
  const method = await call<{ customerPaymentMethodId: number }>(baseUrl, 'POST', '/payments/api/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, token);
  return { token, methodId: method.customerPaymentMethodId };
}

const NO_RATE = '00000000-0000-0000-0000-000000000000';

/** A priced quote for a 3-hour stay from `entry`, at the customer's garage or the next one that has a rate then. */
async function pricedQuote(baseUrl: string, customer: number, entry: Date): Promise<{ rateInstanceId: string }> {
  for (let offset = 0; offset < 40; offset += 1) {
    const quote = await call<{ rateInstanceId: string; blackouts: unknown[] }>(baseUrl, 'POST', '/rates/api/rates/calculate', {
      locationId: ((customer + offset) % 40) + 1, entryTimeUtc: entry.toISOString(), exitTimeUtc: new Date(entry.getTime() + 3 * 3_600_000).toISOString(),
    });
    if (quote.rateInstanceId !== NO_RATE && quote.blackouts.length === 0) return quote;
  }
  throw new Error(`no garage has a rate at ${entry.toISOString()}`);
}

export async function benchReservations() {
  const workDir = await mkdtemp(path.join(tmpdir(), 'pf-bench-reservations-'));
  const emulator = await startOwnAuthEmulator({ projectId: 'demo-parkfair' });
  const server = await startBenchServer({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host, NODE_ENV: 'development' });
  try {
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => newCustomer(server.baseUrl, emulator.host)));
    const tomorrow = Math.ceil(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
    const latencies: number[] = [];
    const loadBefore = os.loadavg()[0] ?? 0;
    const started = performance.now();
    await Promise.all(
      customers.map(async (customer, c) => {
        for (let r = 0; r < RESERVATIONS_EACH; r += 1) {
          // Its own garage and start per reservation: every quote (and reservation) is new.
          const entry = new Date(tomorrow + (c * RESERVATIONS_EACH + r) * 30 * 60_000);
          const quote = await pricedQuote(server.baseUrl, c, entry);
          const t0 = performance.now();
          const created = await call<{ reservation: { systemEntityId: string } }>(server.baseUrl, 'POST', '/reservations/api/reservations', { rateInstanceId: quote.rateInstanceId, isOversized: false }, customer.token);
          await call(server.baseUrl, 'POST', `/payments/api/payments/methods/${customer.methodId}/charge`, { systemEntityId: created.reservation.systemEntityId }, customer.token);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const [p50, p95, max] = [percentile(sorted, 50), percentile(sorted, 95), sorted.at(-1) ?? NaN];
    const load = `load ${loadBefore.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores`;
    return {
      rows: [{ what: `reservation create + saved-card charge, ${CUSTOMERS} customers at once (PGlite)`, budget: '(none in DESIGN.md)', measured: `p95 ${p95.toFixed(0)} ms (p50 ${p50.toFixed(0)})`, ok: undefined }],
      lines: [`${latencies.length} reservations in ${seconds.toFixed(1)} s; p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms; ${load}`],
    };
  } finally {
    await server.stop();
    await emulator.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
