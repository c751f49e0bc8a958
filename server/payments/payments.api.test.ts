/**
 * Payments with real emulator users on the built-in test processor: card enrollment, saved-card
 * charges and declines (402 with the processor's text), the browser card flow, status and history,
 * ownership (another customer's card or payment is 404), and that one payable is never paid twice
 * whatever the retries, double clicks or Idempotency-Key replays.
 */
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentInitSchema, paymentSchema, paymentSetupSchema, savedPaymentMethodListSchema, savedPaymentMethodSchema } from '../../src/contract/payments.ts';
import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { createEmulatorUser, emulatorTokenVerifier, forgeToken, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { KEY_LIFETIME_MS } from './idempotency.ts';
import { paidTestPayables, registerTestPayable } from './test-payable.ts';

const BASE = '/payments/api';
let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;

beforeAll(async () => {
  registerTestPayable();
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
});
afterAll(() => t.close());

const payable = (cents = 1250) => `test:${cents}-${randomBytes(4).toString('hex')}`;
const post = (path: string, json: unknown, token?: string, headers?: Record<string, string>) =>
  t.request(`${BASE}${path}`, { method: 'POST', json, ...(token ? { token } : {}), ...(headers ? { headers } : {}) });

async function tokenize(number: string, cvc = number.length === 15 ? '1234' : '123') {
  const response = await post('/test-processor/payment-methods', { number, expMonth: 12, expYear: 2030, cvc, name: 'Alice Driver', zip: '10001' });
  return { status: response.status, body: (await response.json()) as { paymentMethodId: string; message: string; brand: string; last4: string } };
}

/** Card enrollment as the client does it: setup, confirm in the "browser", complete. */
async function enrol(user: EmulatorUser, number: string) {
  const setup = v.parse(paymentSetupSchema, await (await post('/payments/setup/initialize', { systemEntityId: null, paymentId: null }, user.idToken)).json());
  const card = await tokenize(number);
  const confirm = await post(`/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.body.paymentMethodId });
  const complete = await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.body.paymentMethodId }, user.idToken);
  return { setup, card, confirm, complete };
}

async function enrolOk(user: EmulatorUser, number: string) {
  const { complete } = await enrol(user, number);
  expect(complete.status).toBe(200);
  return v.parse(savedPaymentMethodSchema, await complete.json());
}

async function methods(user: EmulatorUser) {
  return v.parse(savedPaymentMethodListSchema, await (await t.request(`${BASE}/payments/methods`, { token: user.idToken })).json());
}

async function succeededCount(systemEntityId: string) {
  const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from payments where system_entity_id = $1 and status = 'succeeded'`, [systemEntityId]);
  return row?.n ?? 0;
}

describe('authentication and input', () => {
  it.each([
    ['POST', '/payments/initialize'], ['POST', '/payments/methods/1/charge'], ['POST', '/payments/setup/initialize'],
    ['POST', '/payments/setup/complete'], ['GET', '/payments/methods'], ['DELETE', '/payments/methods/1'],
    ['PUT', '/payments/methods/1/default'], ['GET', '/payments/1'], ['GET', '/payments/1/details'], ['GET', '/payments/history/0/10'],
  ])('%s %s needs a valid token', async (method, path) => {
    const json = method === 'POST' ? { systemEntityId: payable() } : undefined;
    expect((await t.request(`${BASE}${path}`, { method, json })).status).toBe(401);
    expect((await t.request(`${BASE}${path}`, { method, json, token: forgeToken(alice) })).status).toBe(401);
  });

  it('answers 400 with a message for bad bodies and parameters', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/payments/initialize', {}],
      ['POST', '/payments/initialize', { systemEntityId: 'no kind here' }],
      ['POST', '/payments/initialize', { systemEntityId: 'spaceship:1' }],
      ['POST', '/payments/initialize', { systemEntityId: payable(), savePaymentMethod: 'yes' }],
      ['POST', '/payments/methods/abc/charge', { systemEntityId: payable() }],
      ['POST', '/payments/setup/complete', { transactionId: 'seti_x' }],
      ['GET', '/payments/history/0/0', undefined],
      ['GET', '/payments/history/0/500', undefined],
      ['GET', '/payments/abc', undefined],
    ];
    for (const [method, path, json] of cases) {
      const response = await t.request(`${BASE}${path}`, { method, json, token: alice.idToken });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
  });
});

describe('test processor (Stripe.js stand-in)', () => {
  it('tokenises test cards, keeping only brand, last four and expiry', async () => {
    const { status, body } = await tokenize('4242424242424242');
    expect(status).toBe(200);
    expect(body).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(body.paymentMethodId).toMatch(/^pm_test_/);
    const rows = await t.db.query('select * from test_processor_payment_methods where payment_method_id = $1', [body.paymentMethodId]);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });

  it('refuses bad numbers and real cards with Stripe texts', async () => {
    expect(await tokenize('4242424242424241')).toMatchObject({ status: 402, body: { message: 'Your card number is incorrect.' } });
    expect((await tokenize('4111111111111111')).body.message).toMatch(/test mode, but used a non test card/);
    expect((await tokenize('4242')).body.message).toBe('Your card number is incomplete.');
  });
});

describe('card enrollment and saved cards', () => {
  it('saves an enrolled card, the first as default, and lists the default first', async () => {
    const user = await createEmulatorUser();
    const visa = await enrolOk(user, '4242424242424242');
    expect(visa).toMatchObject({ paymentMethodName: 'visa', paymentMethodLast4: '4242', paymentMethodExpiryMonth: 12, paymentMethodExpiryYear: 2030, isDefault: true });
    const mastercard = await enrolOk(user, '5555555555554444');
    expect(mastercard.isDefault).toBe(false);
    expect((await methods(user)).map((m) => m.customerPaymentMethodId)).toEqual([visa.customerPaymentMethodId, mastercard.customerPaymentMethodId]);

    const reordered = await t.request(`${BASE}/payments/methods/${mastercard.customerPaymentMethodId}/default`, { method: 'PUT', token: user.idToken });
    expect(reordered.status).toBe(200);
    expect((await methods(user)).map((m) => [m.paymentMethodLast4, m.isDefault])).toEqual([['4444', true], ['4242', false]]);

    const removed = await t.request(`${BASE}/payments/methods/${mastercard.customerPaymentMethodId}`, { method: 'DELETE', token: user.idToken });
    expect(removed.status).toBe(200);
    expect((await methods(user)).map((m) => [m.paymentMethodLast4, m.isDefault])).toEqual([['4242', true]]);
  });

  it('completing a setup twice saves the card once', async () => {
    const user = await createEmulatorUser();
    const { setup, card } = await enrol(user, '378282246310005');
    const again = await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.body.paymentMethodId }, user.idToken);
    expect(again.status).toBe(200);
    expect(await methods(user)).toHaveLength(1);
  });

  it('a declined card fails enrollment and is not saved', async () => {
    const user = await createEmulatorUser();
    const { confirm, complete } = await enrol(user, '4000000000000002');
    expect(confirm.status).toBe(402);
    expect(await confirm.json()).toMatchObject({ message: 'Your card was declined.' });
    expect(complete.status).toBe(400);
    expect(await methods(user)).toEqual([]);
  });

  it("refuses another customer's card and setup (404)", async () => {
    const card = await enrolOk(alice, '4242424242424242');
    expect((await post(`/payments/methods/${card.customerPaymentMethodId}/charge`, { systemEntityId: payable() }, bob.idToken)).status).toBe(404);
    expect((await t.request(`${BASE}/payments/methods/${card.customerPaymentMethodId}`, { method: 'DELETE', token: bob.idToken })).status).toBe(404);
    expect((await t.request(`${BASE}/payments/methods/${card.customerPaymentMethodId}/default`, { method: 'PUT', token: bob.idToken })).status).toBe(404);
    expect((await methods(bob)).map((m) => m.customerPaymentMethodId)).not.toContain(card.customerPaymentMethodId);

    const { setup, card: token } = await enrol(alice, '5555555555554444');
    const stolen = await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: token.body.paymentMethodId }, bob.idToken);
    expect(stolen.status).toBe(404);
  });
});

describe('charging a saved card', () => {
  it('takes the payment, reports its status and lists it in the history', async () => {
    const user = await createEmulatorUser();
    const card = await enrolOk(user, '4242424242424242');
    const systemEntityId = payable(1875);
    const response = await post(`/payments/methods/${card.customerPaymentMethodId}/charge`, { systemEntityId }, user.idToken);
    expect(response.status).toBe(200);
    const payment = v.parse(paymentSchema, await response.json());
    expect(payment).toMatchObject({ systemEntityId, status: 'succeeded', amountCents: 1875, amount: 18.75, paymentMethodName: 'visa', paymentMethodLast4: '4242', isSettled: true });
    expect(paidTestPayables).toContain(systemEntityId.slice('test:'.length));

    const head = await t.request(`${BASE}/payments/${payment.paymentId}`, { method: 'HEAD', token: user.idToken });
    expect(head.status).toBe(200);
    expect(await (await t.request(`${BASE}/payments/${payment.paymentId}`, { token: user.idToken })).json()).toEqual({ paymentId: payment.paymentId, systemEntityId, status: 'succeeded', isSettled: true });
    expect(await (await t.request(`${BASE}/payments/${payment.paymentId}/details`, { token: user.idToken })).json()).toMatchObject({ amountCents: 1875 });

    const history = (await (await t.request(`${BASE}/payments/history/0/10`, { token: user.idToken })).json()) as { totalElementCount: number; results: { paymentId: number }[] };
    expect(history.totalElementCount).toBe(1);
    expect(history.results[0]?.paymentId).toBe(payment.paymentId);

    // Another customer sees none of it.
    expect((await t.request(`${BASE}/payments/${payment.paymentId}`, { token: bob.idToken })).status).toBe(404);
    expect((await t.request(`${BASE}/payments/${payment.paymentId}/details`, { token: bob.idToken })).status).toBe(404);
  });

  it('answers 402 with the processor message when the card declines, and lets a retry pay', async () => {
    const user = await createEmulatorUser();
    const declining = await enrolOk(user, '4000000000000341');
    const poor = await enrolOk(user, '4000000000009995');
    const good = await enrolOk(user, '5555555555554444');
    const systemEntityId = payable(900);

    const declined = await post(`/payments/methods/${declining.customerPaymentMethodId}/charge`, { systemEntityId }, user.idToken);
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });

    const insufficient = await post(`/payments/methods/${poor.customerPaymentMethodId}/charge`, { systemEntityId }, user.idToken);
    expect(insufficient.status).toBe(402);
    expect(await insufficient.json()).toMatchObject({ message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' });

    const paid = await post(`/payments/methods/${good.customerPaymentMethodId}/charge`, { systemEntityId }, user.idToken);
    expect(paid.status).toBe(200);
    expect(await succeededCount(systemEntityId)).toBe(1);
  });

  it('never charges twice: concurrent double submit, retries and another payer', async () => {
    const card = await enrolOk(alice, '4242424242424242');
    const systemEntityId = payable(2500);
    const charge = () => post(`/payments/methods/${card.customerPaymentMethodId}/charge`, { systemEntityId }, alice.idToken);
    const responses = await Promise.all([charge(), charge(), charge()]);
    const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { paymentId?: number } })));
    const succeeded = bodies.filter((item) => item.status === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(new Set(succeeded.map((item) => item.body.paymentId)).size).toBe(1);
    expect(bodies.every((item) => item.status === 200 || item.status === 409)).toBe(true);
    expect(await succeededCount(systemEntityId)).toBe(1);
    const [charges] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from test_processor_intents i join payments p on p.provider_intent_id = i.intent_id where p.system_entity_id = $1 and i.status = 'succeeded'`,
      [systemEntityId],
    );
    expect(charges?.n).toBe(1);

    // A later retry gets the same payment back; another customer is told it is paid.
    expect(await (await charge()).json()).toMatchObject({ paymentId: succeeded[0]?.body.paymentId });
    const bobCard = await enrolOk(bob, '5555555555554444');
    const other = await post(`/payments/methods/${bobCard.customerPaymentMethodId}/charge`, { systemEntityId }, bob.idToken);
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ message: 'This has already been paid.' });
    expect(await succeededCount(systemEntityId)).toBe(1);
  });

  it('replays an Idempotency-Key and refuses it on a different request', async () => {
    const card = await enrolOk(alice, '4242424242424242');
    const systemEntityId = payable(700);
    const key = `key-${randomBytes(6).toString('hex')}`;
    const first = await post(`/payments/methods/${card.customerPaymentMethodId}/charge`, { systemEntityId }, alice.idToken, { 'Idempotency-Key': key });
    const second = await post(`/payments/methods/${card.customerPaymentMethodId}/charge`, { systemEntityId }, alice.idToken, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    const misuse = await post(`/payments/methods/${card.customerPaymentMethodId}/charge`, { systemEntityId: payable(701) }, alice.idToken, { 'Idempotency-Key': key });
    expect(misuse.status).toBe(422);
    expect(await succeededCount(systemEntityId)).toBe(1);
  });

  it('forgets a key past its lifetime: the same key then runs a new request', async () => {
    const card = await enrolOk(alice, '4242424242424242');
    const key = `key-${randomBytes(6).toString('hex')}`;
    const charge = (systemEntityId: string) => post(`/payments/methods/${card.customerPaymentMethodId}/charge`, { systemEntityId }, alice.idToken, { 'Idempotency-Key': key });
    const [first, other] = [payable(710), payable(711)];
    expect((await charge(first)).status).toBe(200);
    expect((await charge(other)).status).toBe(422);
    // As if the pruning job had not reached it yet: the key is stored with a creation date past its lifetime.
    await t.db.query('update idempotency_keys set created_at = $3 where owner_uid = $1 and idempotency_key = $2', [alice.uid, key, new Date(t.clock.now.getTime() - KEY_LIFETIME_MS - 60_000)]);
    const renewed = await charge(other);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await succeededCount(other)).toBe(1);
  });
});

describe('two API processes on one database', () => {
  it('still charge once, and replay one Idempotency-Key across processes', async () => {
    // A second app on the same database stands for a second API process: it shares no memory.
    const config = parseConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099' });
    const second = createApp({ db: t.db, config, verifyToken: emulatorTokenVerifier(), now: () => new Date(t.clock.now) });
    const card = await enrolOk(alice, '4242424242424242');
    const systemEntityId = payable(4200);
    const key = `key-${randomBytes(6).toString('hex')}`;
    const request = (app: { request: typeof t.app.request }, withKey: boolean) =>
      app.request(`${BASE}/payments/methods/${card.customerPaymentMethodId}/charge`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${alice.idToken}`, ...(withKey ? { 'Idempotency-Key': key } : {}) },
        body: JSON.stringify({ systemEntityId }),
      });
    const responses = await Promise.all([request(t.app, true), request(second, true), request(t.app, false), request(second, false)]);
    const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { paymentId?: number } })));
    expect(bodies.every((item) => item.status === 200 || item.status === 409)).toBe(true);
    expect(new Set(bodies.filter((item) => item.status === 200).map((item) => item.body.paymentId)).size).toBe(1);
    expect(await succeededCount(systemEntityId)).toBe(1);
  });
});

describe('browser card flow (initialize, confirm with the client secret)', () => {
  it('pays once, continues the same payment on reload, and saves the card when asked', async () => {
    const user = await createEmulatorUser();
    const systemEntityId = payable(1500);
    const init = v.parse(paymentInitSchema, await (await post('/payments/initialize', { systemEntityId, savePaymentMethod: true }, user.idToken)).json());
    // A reload (no paymentId) and a retry (with it) continue the same payment.
    const reload = v.parse(paymentInitSchema, await (await post('/payments/initialize', { systemEntityId, savePaymentMethod: true }, user.idToken)).json());
    expect(reload).toEqual(init);
    expect(v.parse(paymentInitSchema, await (await post('/payments/initialize', { systemEntityId, paymentId: init.paymentId, savePaymentMethod: true }, user.idToken)).json())).toEqual(init);
    expect((await t.request(`${BASE}/payments/${init.paymentId}`, { token: user.idToken })).status).toBe(202);

    const poor = await tokenize('4000000000009995');
    const declined = await post(`/test-processor/payment-intents/${init.clientSecret}/confirm`, { paymentMethodId: poor.body.paymentMethodId });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ message: 'Your card has insufficient funds.' });
    const details = await (await t.request(`${BASE}/payments/${init.paymentId}/details`, { token: user.idToken })).json();
    expect(details).toMatchObject({ status: 'requires_payment_method', failureMessage: 'Your card has insufficient funds.' });

    const good = await tokenize('4242424242424242');
    const [ok, twice] = await Promise.all([
      post(`/test-processor/payment-intents/${init.clientSecret}/confirm`, { paymentMethodId: good.body.paymentMethodId }),
      post(`/test-processor/payment-intents/${init.clientSecret}/confirm`, { paymentMethodId: good.body.paymentMethodId }),
    ]);
    expect([ok.status, twice.status].sort()).toEqual([200, 400]);
    // Recorded at once (the processor's "webhook"), before any status poll.
    expect(await succeededCount(systemEntityId)).toBe(1);
    expect(paidTestPayables).toContain(systemEntityId.slice('test:'.length));

    const status = await t.request(`${BASE}/payments/${init.paymentId}`, { token: user.idToken });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ status: 'succeeded' });
    expect((await methods(user)).map((m) => m.paymentMethodLast4)).toEqual(['4242']);

    const again = await post('/payments/initialize', { systemEntityId }, user.idToken);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This has already been paid.', paymentId: init.paymentId });
    expect(await succeededCount(systemEntityId)).toBe(1);
  });

  it('a saved-card charge takes over an open browser payment instead of starting another', async () => {
    const user = await createEmulatorUser();
    const card = await enrolOk(user, '4242424242424242');
    const systemEntityId = payable(1100);
    const init = v.parse(paymentInitSchema, await (await post('/payments/initialize', { systemEntityId }, user.idToken)).json());
    const charged = await post(`/payments/methods/${card.customerPaymentMethodId}/charge`, { systemEntityId, paymentId: init.paymentId }, user.idToken);
    expect(charged.status).toBe(200);
    expect(await charged.json()).toMatchObject({ paymentId: init.paymentId, status: 'succeeded' });
    const good = await tokenize('5555555555554444');
    expect((await post(`/test-processor/payment-intents/${init.clientSecret}/confirm`, { paymentMethodId: good.body.paymentMethodId })).status).toBe(400);
    expect(await succeededCount(systemEntityId)).toBe(1);
  });

  it("refuses another customer's payment id", async () => {
    const systemEntityId = payable(300);
    const init = v.parse(paymentInitSchema, await (await post('/payments/initialize', { systemEntityId }, alice.idToken)).json());
    expect((await post('/payments/initialize', { systemEntityId, paymentId: init.paymentId }, bob.idToken)).status).toBe(404);
    expect((await t.request(`${BASE}/payments/${init.paymentId}`, { token: bob.idToken })).status).toBe(404);
  });
});
