/**
 * Merchant validation (issue 37 item 3): only staff or a validating merchant issue codes; a code
 * is single-use, expires, and is good only on its ticket or at its merchant's garages. The
 * attack that opened the issue: the public word VALIDATED zeroed any paper ticket, for anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createStaffUser } from '../staff/staff-testing.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { HOST_GARAGE_NUMBER, HOTEL_GUEST_CODE } from '../reservations/seed.ts';
import { CALL_BODY, ticketTestKit } from '../testing/ticket-test-kit.ts';
import { MERCHANT_KEY_HEADER } from './routes.ts';
import { createMerchant, issueCode, issueWithKey, VALIDATIONS_BASE as BASE } from './validations-testing.ts';

const PAPER_TICKET = '10442611230001004821001'; // seeded, location 1, unclaimed: anyone with the number can pay it
const HOME = 10; // the test merchant's garage
const ELSEWHERE = 11;

let t: TestApp;
let alice: EmulatorUser;
let staff: EmulatorUser;
let merchant: { merchantId: number; apiKey: string };

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, staff] = await Promise.all([createEmulatorUser(), createStaffUser()]);
  merchant = await createMerchant(t, staff.idToken, { name: 'Corner Deli', locationIds: [HOME] });
});
afterAll(async () => t.close());

const { messageOf, post, sessionOf, gateTicket } = ticketTestKit(() => t);
let plates = 0;
const ticketAt = (locationId: number, minutes = 90) => gateTicket(locationId, `MV${(plates += 1)}X${locationId}`, minutes);
const redeem = (ticketNumber: string, code: string, token?: string) => post(`/tickets/${ticketNumber}/coupons/${code}/redeem${token ? '/auth' : ''}`, {}, token);

describe('the bare word VALIDATED', () => {
  it('zeroes no ticket, signed out or signed in, by any coupon call', async () => {
    const before = await sessionOf(await post(`/tickets/${PAPER_TICKET}/calculate-rate`));
    expect(before.amountDue).toBeGreaterThan(0);
    const attempts = [
      await redeem(PAPER_TICKET, 'VALIDATED'),
      await redeem(PAPER_TICKET, 'validated', alice.idToken),
      await post(`/tickets/${PAPER_TICKET}/coupons/VALIDATED`, {}),
      await post(`/tickets/${PAPER_TICKET}/coupons/VALIDATED/calculate-rate`, {}),
      await post(`/tickets/${PAPER_TICKET}/apply-payment`, { code: 'VALIDATED' }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe('The coupon code VALIDATED is not valid.');
    }
    expect(await sessionOf(await post(`/tickets/${PAPER_TICKET}/calculate-rate`))).toMatchObject({ amountDue: before.amountDue, appliedPromotionCode: null, status: 'open' });
    expect((await t.request('/promotions/api/VALIDATED')).status).toBe(404);
  });

  it('nor does any other public code that would make a whole stay free (the hotel guests\' online-reservation code)', async () => {
    const [host] = await t.db.query<{ location_id: number }>('select location_id from locations where location_number = $1', [HOST_GARAGE_NUMBER]);
    const ticket = await ticketAt(host?.location_id ?? 0);
    const response = await redeem(ticket, HOTEL_GUEST_CODE);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(`The coupon code ${HOTEL_GUEST_CODE} cannot be used on a parking ticket. For free parking at the garage, ask the merchant who validates it for a validation code.`);
    expect((await sessionOf(await post(`/tickets/${ticket}/calculate-rate`))).status).toBe('open');
  });

  it('nor does a made-up code of the issued shape', async () => {
    const response = await redeem(PAPER_TICKET, 'MV-AAAA-BBBB-CCCC-DDDD');
    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe('The coupon code MVAAAABBBBCCCCDDDD is not valid.');
  });
});

describe('who may issue', () => {
  it('a customer cannot issue codes or set up merchants (403); no token 401; a wrong merchant key 401', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/codes', { merchantId: merchant.merchantId }],
      ['GET', '/codes'],
      ['POST', '/merchants', { name: 'Mine', locationIds: [HOME], valueType: 'FULL' }],
      ['GET', '/merchants'],
      ['POST', `/merchants/${merchant.merchantId}/key`],
    ];
    for (const [method, path, json] of calls) {
      const init = { method, ...(json === undefined ? {} : { json }) };
      expect((await t.request(`${BASE}${path}`, init)).status, `${method} ${path} signed out`).toBe(401);
      const asCustomer = await t.request(`${BASE}${path}`, { ...init, token: alice.idToken });
      expect(asCustomer.status, `${method} ${path} as a customer`).toBe(403);
      expect(await messageOf(asCustomer)).toBe('This page is for ParkFair staff. Sign in with a staff account.');
    }
    for (const key of ['pfm_not-a-key', '', 'x'.repeat(500)]) {
      const response = await issueWithKey(t, key);
      expect(response.status).toBe(401);
      expect(await messageOf(response)).toBe('The merchant key is not valid.');
    }
  });

  it('a merchant issues only for its own garages and its own name; staff for any merchant they name', async () => {
    const there = await ticketAt(ELSEWHERE);
    for (const body of [{ locationId: ELSEWHERE }, { ticketNumber: there }]) {
      const response = await issueWithKey(t, merchant.apiKey, body);
      expect(response.status).toBe(403);
      expect(await messageOf(response)).toBe('Corner Deli does not validate parking at this garage.');
    }
    const other = await createMerchant(t, staff.idToken, { name: 'Other Shop', locationIds: [ELSEWHERE] });
    expect((await issueWithKey(t, merchant.apiKey, { merchantId: other.merchantId })).status).toBe(403);
    const otherLog = await t.request(`${BASE}/codes?merchantId=${other.merchantId}`, { headers: { [MERCHANT_KEY_HEADER]: merchant.apiKey } });
    expect(otherLog.status).toBe(403);

    const byStaff = await t.request(`${BASE}/codes`, { method: 'POST', token: staff.idToken, json: { merchantId: other.merchantId, ticketNumber: there } });
    expect(byStaff.status).toBe(201);
    expect(await byStaff.json()).toMatchObject({ merchantName: 'Other Shop', ticketNumber: there, locationIds: [ELSEWHERE], issuedBy: `staff:${staff.email}` });
    const noMerchant = await t.request(`${BASE}/codes`, { method: 'POST', token: staff.idToken, json: {} });
    expect(noMerchant.status).toBe(400);
  });

  it('validates what staff send when setting up a merchant (400 with the rule)', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ name: 'Half Off', locationIds: [HOME], valueType: 'PERCENT' }, 'Invalid request body: value: value must be a whole percent, 1 to 100, for PERCENT'],
      [{ name: 'Big', locationIds: [HOME], valueType: 'AMOUNT', value: 900 }, 'Invalid request body: value: value must be dollars and cents, 0.01 to 500, for AMOUNT'],
      [{ name: 'Long', locationIds: [HOME], valueType: 'HOURS', value: 1.5 }, 'Invalid request body: value: value must be whole hours, 1 to 24, for HOURS'],
      [{ name: 'Nowhere', locationIds: [], valueType: 'FULL' }, /locationIds must name at least one garage/],
      [{ name: 'Ghost', locationIds: [999_999], valueType: 'FULL' }, 'No garage has the location id 999999.'],
      [{ name: 'Free', locationIds: [HOME], valueType: 'EVERYTHING' }, /valueType must be one of FULL, PERCENT, AMOUNT, HOURS/],
    ];
    for (const [json, message] of cases) {
      const response = await t.request(`${BASE}/merchants`, { method: 'POST', token: staff.idToken, json });
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toMatch(message);
    }
  });
});

describe('an issued code', () => {
  it('is random, valid 24 hours, redeems once (signed out), and is logged with who, when, which ticket and how much', async () => {
    const ticket = await ticketAt(HOME, 150);
    const due = await sessionOf(await post(`/tickets/${ticket}/calculate-rate`));
    expect(due.amountDue).toBeGreaterThan(0);
    const issued = await issueCode(t, merchant.apiKey);
    expect(issued.code).toMatch(/^MV[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(issued.displayCode).toBe(`MV-${issued.code.slice(2, 6)}-${issued.code.slice(6, 10)}-${issued.code.slice(10, 14)}-${issued.code.slice(14)}`);
    expect(Date.parse(issued.expiresAt) - t.clock.now.getTime()).toBe(24 * 3_600_000);
    expect((await issueCode(t, merchant.apiKey)).code).not.toBe(issued.code);

    // Typed as printed: hyphens and lower case are the same code.
    const redeemed = await sessionOf(await redeem(ticket, issued.displayCode.toLowerCase()));
    expect(redeemed).toMatchObject({ appliedPromotionCode: issued.code, isFullyCoveredByCoupon: true, amountDue: 0, status: 'paid' });

    const again = await redeem(await ticketAt(HOME), issued.code, alice.idToken);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(`The coupon code ${issued.code} has already been used.`);

    const log = (await (await t.request(`${BASE}/codes`, { headers: { [MERCHANT_KEY_HEADER]: merchant.apiKey } })).json()) as { results: Record<string, unknown>[] };
    expect(log.results.find((row) => row['code'] === issued.code)).toMatchObject({
      issuedBy: `merchant:${merchant.merchantId}`, redeemedTicketNumber: ticket, redeemedBy: 'anonymous', redeemedAmount: due.amountDue, redeemedAt: t.clock.now.toISOString(),
    });
    const events = await t.db.query<{ kind: string; actor: string; amount_cents: number | null }>('select kind, actor, amount_cents from validation_events where code = $1 order by event_id', [issued.code]);
    expect(events).toEqual([
      { kind: 'issue', actor: `merchant:${merchant.merchantId}`, amount_cents: null },
      { kind: 'redeem', actor: 'anonymous', amount_cents: Math.round(due.amountDue * 100) },
    ]);
  });

  it('cannot be taken off one ticket and put on another', async () => {
    const half = await createMerchant(t, staff.idToken, { name: 'Half Price Books', locationIds: [HOME], valueType: 'PERCENT', value: 50 });
    const { code } = await issueCode(t, half.apiKey);
    const first = await ticketAt(HOME, 200);
    const plain = await sessionOf(await post(`/tickets/${first}/calculate-rate`));
    const applied = await sessionOf(await post(`/tickets/${first}/coupons/${code}`, {}));
    expect(applied.amount).toBeLessThan(plain.amount);
    expect(applied.amount).toBeGreaterThan(0);
    await sessionOf(await t.request(`/tickets/api/tickets/${first}/coupons/${code}`, { method: 'DELETE' }));
    const moved = await post(`/tickets/${await ticketAt(HOME)}/coupons/${code}`, {});
    expect(moved.status).toBe(409);
    expect(await messageOf(moved)).toBe(`The coupon code ${code} has already been used.`);
    // The ticket that spent it may put it back.
    expect((await sessionOf(await post(`/tickets/${first}/coupons/${code}`, {}))).appliedPromotionCode).toBe(code);
  });

  it('is refused once expired', async () => {
    const ticket = await ticketAt(HOME, 30);
    const { code, expiresAt } = await issueCode(t, merchant.apiKey);
    const saved = t.clock.now;
    t.clock.now = new Date(Date.parse(expiresAt) + 60_000);
    try {
      const response = await redeem(ticket, code);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toMatch(new RegExp(`^The coupon code ${code} expired on \\d\\d/\\d\\d/\\d{4}, `));
      expect((await sessionOf(await post(`/tickets/${ticket}/calculate-rate`))).status).toBe('open');
    } finally {
      t.clock.now = saved;
    }
    expect((await t.db.query('select 1 from validation_codes where code = $1 and redeemed_at is null', [code])).length).toBe(1);
  });

  it('bound to a ticket is refused on another; one for its garage is refused at another garage', async () => {
    const mine = await ticketAt(HOME);
    const { code: bound } = await issueCode(t, merchant.apiKey, { ticketNumber: mine });
    const stranger = await redeem(await ticketAt(HOME), bound);
    expect(stranger.status).toBe(400);
    expect(await messageOf(stranger)).toBe(`The coupon code ${bound} was issued for another ticket.`);
    expect((await sessionOf(await redeem(mine, bound))).status).toBe('paid');

    const { code } = await issueCode(t, merchant.apiKey);
    const elsewhere = await redeem(await ticketAt(ELSEWHERE), code);
    expect(elsewhere.status).toBe(400);
    expect(await messageOf(elsewhere)).toBe(`The coupon code ${code} is not valid at this location.`);
  });

  it('redeemed twice at once on two tickets pays exactly one', async () => {
    const { code } = await issueCode(t, merchant.apiKey);
    const tickets = [await ticketAt(HOME, 120), await ticketAt(HOME, 121)];
    const responses = await Promise.all([redeem(tickets[0] ?? '', code), redeem(tickets[1] ?? '', code, alice.idToken)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const states = await Promise.all(tickets.map(async (n) => (await sessionOf(await post(`/tickets/${n}/calculate-rate`, CALL_BODY))).status));
    expect(states.sort()).toEqual(['open', 'paid']);
    const [spent] = await t.db.query<{ n: number }>("select count(*)::int as n from validation_events where code = $1 and kind = 'redeem'", [code]);
    expect(spent?.n).toBe(1);
  });

  it('of an hours merchant covers the first hours of the stay only', async () => {
    const cinema = await createMerchant(t, staff.idToken, { name: 'Cinema', locationIds: [HOME], valueType: 'HOURS', value: 1 });
    const short = await ticketAt(HOME, 50);
    const long = await ticketAt(HOME, 300);
    expect(await sessionOf(await post(`/tickets/${short}/coupons/${(await issueCode(t, cinema.apiKey)).code}/calculate-rate`, {}))).toMatchObject({ amount: 0, isFullyCoveredByCoupon: true });
    const plain = await sessionOf(await post(`/tickets/${long}/calculate-rate`));
    const preview = await sessionOf(await post(`/tickets/${long}/coupons/${(await issueCode(t, cinema.apiKey)).code}/calculate-rate`, {}));
    expect(preview.amount).toBeGreaterThan(0);
    expect(preview.amount).toBeLessThan(plain.amount);
  });

  it('stops working when staff disable its merchant, as does the key', async () => {
    const shop = await createMerchant(t, staff.idToken, { name: 'Closing Down', locationIds: [HOME] });
    const { code } = await issueCode(t, shop.apiKey);
    expect((await t.request(`${BASE}/merchants/${shop.merchantId}/disable`, { method: 'POST', token: staff.idToken })).status).toBe(200);
    const response = await redeem(await ticketAt(HOME), code);
    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe(`The coupon code ${code} is not valid.`);
    expect((await issueWithKey(t, shop.apiKey)).status).toBe(401);
  });

  it('a rotated key replaces the old one', async () => {
    const shop = await createMerchant(t, staff.idToken, { name: 'New Key Cafe', locationIds: [HOME] });
    const rotated = (await (await t.request(`${BASE}/merchants/${shop.merchantId}/key`, { method: 'POST', token: staff.idToken })).json()) as { apiKey: string };
    expect((await issueWithKey(t, shop.apiKey)).status).toBe(401);
    expect((await issueWithKey(t, rotated.apiKey)).status).toBe(201);
    const stored = await t.db.query<{ api_key_hash: string }>('select api_key_hash from validation_merchants where merchant_id = $1', [shop.merchantId]);
    expect(stored[0]?.api_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.api_key_hash).not.toContain(rotated.apiKey);
  });
});
