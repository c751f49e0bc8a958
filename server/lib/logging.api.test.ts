/**
 * What the server writes to its log on the sign-in, saved-card payment and park-and-pay paths,
 * read from the logger's own stream: one line per request (id, method, route pattern, status,
 * duration, uid), the caller's X-Request-Id echoed and on the payment-provider line, and no token,
 * card number, phone number, email or plate anywhere, though every one of them crosses the API.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhoneUser, randomPhoneNumber } from '../accounts/customers/emulator-phone-users.ts';
import { registerTestPayable } from '../payments/test-payable.ts';
import { createEmulatorUser, emulatorTokenVerifier } from '../testing/emulator-users.ts';
import { insertVehicle } from '../testing/insert-vehicle.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { setLogDestination } from './logger.ts';

type Line = Record<string, unknown> & { msg?: string };

let t: TestApp;
const written: string[] = [];
let restore: () => void;

beforeAll(async () => {
  registerTestPayable();
  restore = setLogDestination({ write: (line: string) => void written.push(line) });
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
}, 180_000); // a loaded machine (two cores, several suites) takes its time to copy the database
afterAll(async () => {
  restore();
  await t.close();
});

const lines = (): Line[] => written.map((line) => JSON.parse(line) as Line);
const linesOf = (requestId: string) => lines().filter((line) => line['reqId'] === requestId);
const requestId = (what: string) => `test-${what}-${randomBytes(4).toString('hex')}`;

/** Every secret the flows below send, each as it could appear (as sent, and in the other case). */
function expectNoneWritten(secrets: string[]) {
  const all = written.join('');
  for (const secret of secrets) {
    expect(all, `"${secret}" reached the log`).not.toContain(secret);
    expect(all.toLowerCase(), `"${secret}" reached the log`).not.toContain(secret.toLowerCase());
  }
}

describe('request lines', () => {
  it('sign-in: lookups by phone and email, then the profile; no phone, email or token written', async () => {
    const phone = await createPhoneUser();
    const other = randomPhoneNumber();
    const email = `log-${randomBytes(3).toString('hex')}@example.com`;
    const ip = { 'X-Forwarded-For': '203.0.113.40' };
    expect((await t.request(`/accounts/api/customers/is-phone-registered/${encodeURIComponent(other)}`, { headers: ip })).status).toBe(404);
    expect((await t.request(`/accounts/api/customers/is-phone-registered/${encodeURIComponent(phone.phoneNumber)}`, { headers: ip })).status).toBe(200);
    expect((await t.request(`/accounts/api/customers/does-email-exist/${encodeURIComponent(email)}`, { headers: ip })).status).toBe(404);
    const id = requestId('signin');
    const profile = await t.request('/accounts/api/customers/get-customer-details', { token: phone.idToken, headers: { 'X-Request-Id': id } });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('X-Request-Id')).toBe(id);

    const [line] = linesOf(id).filter((entry) => entry.msg === 'request');
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/accounts/api/customers/get-customer-details', status: 200, uid: phone.uid });
    expect(line?.['ms']).toEqual(expect.any(Number));
    const routes = lines().filter((entry) => entry.msg === 'request').map((entry) => entry['route']);
    expect(routes).toContain('/accounts/api/customers/is-phone-registered/:phone');
    expect(routes).toContain('/accounts/api/customers/does-email-exist/:email');
    expectNoneWritten([phone.idToken, phone.phoneNumber, phone.phoneNumber.slice(2), other, other.slice(2), email]);
  });

  it('a saved-card payment: the id is echoed and is on the payment-provider line; no card, token or email written', async () => {
    const user = await createEmulatorUser();
    const post = (path: string, json: unknown, headers: Record<string, string> = {}) => t.request(`/payments/api${path}`, { method: 'POST', json, token: user.idToken, headers });
    const card = '4242424242424242';
    const setup = (await (await post('/payments/setup/initialize', { systemEntityId: null, paymentId: null })).json()) as { clientSecret: string; transactionIntentId: string; providerCustomerId: string };
    const tokenised = (await (await post('/test-processor/payment-methods', { number: card, expMonth: 12, expYear: 2030, cvc: '123', name: 'Alice Driver', zip: '10001' })).json()) as { paymentMethodId: string };
    expect((await post(`/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: tokenised.paymentMethodId })).status).toBe(200);
    const saved = (await (await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: tokenised.paymentMethodId })).json()) as { customerPaymentMethodId: number };

    const id = requestId('charge');
    const charge = await post(`/payments/methods/${saved.customerPaymentMethodId}/charge`, { systemEntityId: `test:1875-${randomBytes(4).toString('hex')}` }, { 'X-Request-Id': id });
    expect(charge.status).toBe(200);
    expect(charge.headers.get('X-Request-Id')).toBe(id);

    const mine = linesOf(id);
    expect(mine.find((line) => line.msg === 'payment provider call' && line['operation'] === 'chargeSavedCard')).toMatchObject({ level: 'info', uid: user.uid, provider: 'test-processor', outcome: 'ok' });
    expect(mine.find((line) => line.msg === 'request')).toMatchObject({ method: 'POST', route: '/payments/api/payments/methods/:id/charge', status: 200, uid: user.uid });
    expectNoneWritten([user.idToken, user.email, card, '4242 4242 4242 4242', setup.clientSecret]);
  });

  it('park-and-pay activation by plate: the plate is in the body and the answer, never in the log', async () => {
    const user = await createEmulatorUser();
    const plate = `LG${randomBytes(2).toString('hex').toUpperCase().replace(/[^A-Z0-9]/g, '7')}`.slice(0, 7);
    await insertVehicle(t.db, user.uid, plate);
    const id = requestId('activate');
    const entry = await t.request('/parking-system/api/ticket-events/entry', { method: 'POST', token: user.idToken, headers: { 'X-Request-Id': id }, json: { locationId: 5, licensePlate: plate, entryTimeUtc: t.clock.now.toISOString() } });
    expect(entry.status, await entry.clone().text()).toBe(201);
    expect(await entry.text()).toContain(plate);
    // Someone else's plate: refused with a message that names it.
    const notTheirs = await t.request('/parking-system/api/ticket-events/entry', { method: 'POST', token: user.idToken, json: { locationId: 5, licensePlate: 'ZQ9X1', entryTimeUtc: t.clock.now.toISOString() } });
    expect(notTheirs.status).toBe(400);
    expect(linesOf(id).find((line) => line.msg === 'request')).toMatchObject({ route: '/parking-system/api/ticket-events/entry', status: 201, uid: user.uid });
    expectNoneWritten([user.idToken, user.email, plate, 'ZQ9X1']);
  });
});

describe('X-Request-Id', () => {
  it('a forged or oversized id is replaced by our own, on the answer and the line', async () => {
    for (const forged of ['x'.repeat(500), 'a"}{"level":"fatal', '+12125550123']) {
      const response = await t.request('/locations/api/locations/by-number/1', { headers: { 'X-Request-Id': forged } });
      const echoed = response.headers.get('X-Request-Id') ?? '';
      expect(echoed).not.toBe(forged);
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(echoed).some((line) => line.msg === 'request')).toBe(true);
    }
    expect(written.join('')).not.toContain('x'.repeat(100));
  });
});
