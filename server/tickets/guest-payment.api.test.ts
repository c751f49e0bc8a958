/**
 * Guest payment of a paper ticket (guest-payment.ts) through the real app: no token, a new card,
 * the same idempotency and never-twice rules as signed-in payments, a receipt by email on request,
 * and nothing reachable but the ticket the guest names.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { paymentInitSchema, paymentSchema } from '../../src/contract/payments.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ticketTestKit } from '../testing/ticket-test-kit.ts';

let t: TestApp;
let alice: EmulatorUser;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  alice = await createEmulatorUser();
});
afterAll(async () => t.close());

const { gateTicket, post: ticketPost, sessionOf } = ticketTestKit(() => t);

/**
 * Each test is its own client (X-Forwarded-For), so the per-client guess limits do not couple them:
 * numbered, not drawn at random (two draws from 250 addresses met now and then, and the guess-limit
 * test then started with another test's wrong numbers counted).
 */
const clientHeaders = (client: string, key?: string) => ({ 'X-Forwarded-For': client, ...(key ? { 'Idempotency-Key': key } : {}) });
let clients = 0;
const newClient = () => `198.51.100.${++clients}`;
const guest = (path: string) => `/payments/api/guest/tickets/${path}`;

function initialize(ticketNumber: string, body: object, client: string, key = randomBytes(8).toString('hex')) {
  return t.request(guest(`${ticketNumber}/payments/initialize`), { method: 'POST', json: body, headers: clientHeaders(client, key) });
}

async function tokenize(number: string): Promise<string> {
  const response = await t.request('/payments/api/test-processor/payment-methods', { method: 'POST', json: { number, expMonth: 12, expYear: 2030, cvc: '123', name: 'Guest Driver', zip: '10001' } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { paymentMethodId: string }).paymentMethodId;
}

const confirm = async (clientSecret: string, number: string) =>
  t.request(`/payments/api/test-processor/payment-intents/${clientSecret}/confirm`, { method: 'POST', json: { paymentMethodId: await tokenize(number) } });

const status = (ticketNumber: string, paymentId: number, client: string) => t.request(guest(`${ticketNumber}/payments/${paymentId}`), { headers: clientHeaders(client) });

async function paidTicket(plate: string) {
  const client = newClient();
  const ticketNumber = await gateTicket(10, plate, 90);
  const init = await initialize(ticketNumber, { systemEntityId: `ticket:${ticketNumber}` }, client);
  expect(init.status, await init.clone().text()).toBe(200);
  const { paymentId, clientSecret } = v.parse(paymentInitSchema, await init.json());
  expect((await confirm(clientSecret, '4242424242424242')).status).toBe(200);
  return { ticketNumber, paymentId, client };
}

describe('a guest pays a paper ticket with a card', () => {
  it('pays once however often the same request is retried, and the ticket stays unclaimed', async () => {
    const client = newClient();
    const ticketNumber = await gateTicket(10, 'GST100', 90);
    const body = { systemEntityId: `ticket:${ticketNumber}` };
    const key = 'guest-retry-1';
    const [first, second] = await Promise.all([initialize(ticketNumber, body, client, key), initialize(ticketNumber, body, client, key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const a = v.parse(paymentInitSchema, await first.json());
    const b = v.parse(paymentInitSchema, await second.json());
    expect(b.paymentId).toBe(a.paymentId);
    expect((await confirm(a.clientSecret, '4242424242424242')).status).toBe(200);
    const settled = await status(ticketNumber, a.paymentId, client);
    expect(settled.status).toBe(200);
    const payment = v.parse(paymentSchema, await settled.json());
    expect(payment).toMatchObject({ status: 'succeeded', systemEntityId: `ticket:${ticketNumber}`, paymentMethodLast4: '4242', customerPaymentMethodId: null });
    // The same key later is the same answer; a new attempt finds the ticket paid.
    const replay = await initialize(ticketNumber, body, client, key);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(v.parse(paymentInitSchema, await replay.json()).paymentId).toBe(a.paymentId);
    expect((await initialize(ticketNumber, body, client)).status).toBe(409);
    const rows = await t.db.query<{ n: number }>(`select count(*)::int as n from payments where system_entity_id = $1 and status = 'succeeded'`, [`ticket:${ticketNumber}`]);
    expect(rows[0]?.n).toBe(1);
    // Paid, and still a paper ticket: readable signed out, and a driver may sign in and keep it.
    const session = await sessionOf(await ticketPost(`/tickets/${ticketNumber}/calculate-rate`));
    expect(session.amountDue).toBe(0);
    const ticket = await t.db.query<{ customer_uid: string | null; status: string }>('select customer_uid, status from garage_tickets where ticket_number = $1', [ticketNumber]);
    expect(ticket[0]).toEqual({ customer_uid: null, status: 'paid' });
    expect((await ticketPost(`/tickets/${ticketNumber}/calculate-rate/auth`, undefined, alice.idToken)).status).toBe(200);
  });

  it('a double submit (two keys at once) meets one payment, and a second card cannot pay it again', async () => {
    const client = newClient();
    const ticketNumber = await gateTicket(10, 'GST200', 90);
    const body = { systemEntityId: `ticket:${ticketNumber}` };
    const [first, second] = await Promise.all([initialize(ticketNumber, body, client), initialize(ticketNumber, body, client)]);
    const a = v.parse(paymentInitSchema, await first.json());
    const b = v.parse(paymentInitSchema, await second.json());
    expect(b.paymentId).toBe(a.paymentId);
    const outcomes = await Promise.all([confirm(a.clientSecret, '4242424242424242'), confirm(b.clientSecret, '5555555555554444')]);
    expect(outcomes.filter((response) => response.status === 200)).toHaveLength(1);
    const rows = await t.db.query<{ n: number }>(`select count(*)::int as n from payments where system_entity_id = $1 and status = 'succeeded'`, [`ticket:${ticketNumber}`]);
    expect(rows[0]?.n).toBe(1);
  });

  it("answers a declined card with the processor's message, and another card then pays the same payment", async () => {
    const client = newClient();
    const ticketNumber = await gateTicket(10, 'GST300', 90);
    const init = v.parse(paymentInitSchema, await (await initialize(ticketNumber, { systemEntityId: `ticket:${ticketNumber}` }, client)).json());
    const declined = await confirm(init.clientSecret, '4000000000009995');
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ message: 'Your card has insufficient funds.' });
    const open = await status(ticketNumber, init.paymentId, client);
    expect(open.status).toBe(202);
    expect(await open.json()).toMatchObject({ status: 'requires_payment_method', failureMessage: 'Your card has insufficient funds.' });
    // The retry names the earlier payment and continues it.
    const retry = v.parse(paymentInitSchema, await (await initialize(ticketNumber, { systemEntityId: `ticket:${ticketNumber}`, paymentId: init.paymentId }, client)).json());
    expect(retry.paymentId).toBe(init.paymentId);
    expect((await confirm(retry.clientSecret, '4242424242424242')).status).toBe(200);
    expect((await status(ticketNumber, init.paymentId, client)).status).toBe(200);
  });

  it('emails a receipt when asked, once per address, and only for a payment that went through', async () => {
    const { ticketNumber, paymentId, client } = await paidTicket('GST400');
    const to = `guest-${randomBytes(4).toString('hex')}@example.com`;
    const ask = (email: string, id = paymentId) => t.request(guest(`${ticketNumber}/payments/${id}/receipt`), { method: 'POST', json: { email }, headers: clientHeaders(client) });
    expect((await ask(to)).status).toBe(200);
    expect((await ask(to.toUpperCase())).status).toBe(200);
    const outbox = await t.request(`/dev/api/outbox?to=${encodeURIComponent(to)}&kind=ticket-receipt`);
    const messages = (await outbox.json()) as { subject: string; text: string }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]?.subject).toContain(ticketNumber);
    expect(messages[0]?.text).toContain('Paid with: VISA ending in 4242');
    expect(messages[0]?.text).toMatch(/Amount paid: \$\d+\.\d\d/);
    expect((await ask('not-an-address')).status).toBe(400);
    // An unpaid attempt has no receipt.
    const other = newClient();
    const unpaid = await gateTicket(10, 'GST401', 90);
    const open = v.parse(paymentInitSchema, await (await initialize(unpaid, { systemEntityId: `ticket:${unpaid}` }, other)).json());
    const early = await t.request(guest(`${unpaid}/payments/${open.paymentId}/receipt`), { method: 'POST', json: { email: to }, headers: clientHeaders(other) });
    expect(early.status).toBe(409);
  });
});

describe('what a guest cannot reach', () => {
  it("refuses other tickets' payables, claimed tickets, other payments, saved cards and saving a card", async () => {
    const { ticketNumber, paymentId, client } = await paidTicket('GST500');
    const otherTicket = await gateTicket(10, 'GST501', 90);
    const refusals: [string, Response, number][] = [
      ['another ticket\'s payable', await initialize(otherTicket, { systemEntityId: `ticket:${ticketNumber}` }, client), 400],
      ['another kind of payable', await initialize(otherTicket, { systemEntityId: 'test:1250-guest' }, client), 400],
      ['saving the card', await initialize(otherTicket, { systemEntityId: `ticket:${otherTicket}`, savePaymentMethod: true }, client), 400],
      ['a malformed body', await t.request(guest(`${otherTicket}/payments/initialize`), { method: 'POST', body: '{', headers: { ...clientHeaders(client), 'Content-Type': 'application/json' } }), 400],
      ['a bad ticket number', await initialize('NOT-A-TICKET!', { systemEntityId: 'ticket:X' }, client), 400],
      ['its payment read through another ticket', await status(otherTicket, paymentId, client), 404],
      ['its receipt through another ticket', await t.request(guest(`${otherTicket}/payments/${paymentId}/receipt`), { method: 'POST', json: { email: 'x@example.com' }, headers: clientHeaders(client) }), 404],
      ['a saved-card charge', await t.request('/payments/api/payments/methods/1/charge', { method: 'POST', json: { systemEntityId: `ticket:${otherTicket}` } }), 401],
      ['the payment history', await t.request('/payments/api/payments/history/0/10'), 401],
    ];
    // Alice's own (signed-in) payment claims her ticket: no guest can pay, read or mail it.
    const claimed = await gateTicket(10, 'GST502', 90);
    const aliceInit = await t.request('/payments/api/payments/initialize', { method: 'POST', token: alice.idToken, json: { systemEntityId: `ticket:${claimed}` } });
    const alicePayment = v.parse(paymentInitSchema, await aliceInit.json());
    expect((await confirm(alicePayment.clientSecret, '4242424242424242')).status).toBe(200);
    expect((await t.request(`/payments/api/payments/${alicePayment.paymentId}`, { token: alice.idToken })).status).toBe(200);
    refusals.push(
      ['a claimed ticket', await initialize(claimed, { systemEntityId: `ticket:${claimed}` }, client), 404],
      ["a customer's payment", await status(claimed, alicePayment.paymentId, client), 404],
      ["a customer's payment named on a paper ticket", await status(ticketNumber, alicePayment.paymentId, client), 404],
    );
    expect(refusals.map(([what, response]) => `${what}: ${response.status}`)).toEqual(refusals.map(([what, , expected]) => `${what}: ${expected}`));
  });

  it('counts guest ticket numbers against the ticket-number guess limit', async () => {
    const client = newClient();
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) answers.push((await initialize(`ZZ${String(10000 + i).slice(-5)}`, { systemEntityId: 'ticket:ZZ00000' }, client)).status);
    expect(answers.slice(0, 10).every((code) => code === 404)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
    // The client is held back on real tickets too, so a guess is never confirmed.
    const real = await gateTicket(10, 'GST600', 90);
    expect((await initialize(real, { systemEntityId: `ticket:${real}` }, client)).status).toBe(429);
  });
});
