/**
 * Bounds suite (issue 37 item 7), generated from Hono's route table so a new route inherits it:
 * - every route that takes a body, called with JSON nested 8,000 deep (the outside attacker's
 *   `[` × 8,000, which answered 500 on 46 routes): never 5xx, and every route that parses JSON
 *   answers 400 "nested deeper than 32 levels";
 * - every route, with an id-named body field of 2147483648 (one past int4): never 5xx, 400 on
 *   every route that parses JSON; every numeric id path parameter likewise;
 * - the claim whose `locationID` was 2147483648 (JSON and multipart): 400.
 * The rule is server/lib/json-depth.ts, applied in validate.ts and to every `c.req.json()`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ID_RANGE_MESSAGE, TOO_DEEP_MESSAGE } from './lib/json-depth.ts';
import { DEV_STAFF_API_KEY, STAFF_KEY_HEADER } from './parking-system/staff-key.ts';
import { createStaffUser } from './staff/staff-testing.ts';
import { emulatorTokenVerifier, type EmulatorUser } from './testing/emulator-users.ts';
import { apiRoutes, fillPath, type ApiRoute } from './testing/route-table.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
/** A staff member: signed in (driver routes) with the staff claim (staff pages), so calls get past sign-in to their input. */
let caller: EmulatorUser;
let routes: ApiRoute[];

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  caller = await createStaffUser();
  routes = apiRoutes(t.app);
});
afterAll(async () => t.close());

const withBody = () => routes.filter((route) => route.method !== 'GET' && route.method !== 'HEAD');

/** Signed in, with the staff claim and the lot systems' staff key at once, so the call gets past sign-in to the body. */
function send(route: ApiRoute, body: string, segments: Record<string, string> = {}) {
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${caller.idToken}`, [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY };
  return t.app.request(fillPath(route, segments), { method: route.method, headers, body });
}

type Outcome = { route: string; status: number; message: string };

async function sendToAll(list: ApiRoute[], body: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const route of list) {
    const response = await send(route, body);
    const message = ((await response.json().catch(() => ({}))) as { message?: string }).message ?? '';
    outcomes.push({ route: `${route.method} ${route.path}`, status: response.status, message });
  }
  return outcomes;
}

/** A claim the claims suite accepts (server/claims/claims.api.test.ts), but for the location. */
const CLAIM = {
  locationID: 1, incidentDate: '2026-11-22', reportDate: '2026-11-23', claimNumber: '20417',
  primaryPhone: '(212) 555-0142', alternatePhone: null, businessPhone: null, emailAddress: 'pat.driver@example.com',
  street: '10 Main St', city: 'New York', state: 'NY', zipCode: '10001', firstName: 'Pat', lastName: 'Driver',
  vehicleVin: '1HGCM82633A004352', vehicleState: 'NY', vehicleMake: 'Honda', vehicleModel: 'Accord', vehicleYear: '2021',
  vehicleColor: 'Blue', vehicleMileage: '21000', vehiclePlate: 'KLM4822',
  carBroughtIn: '2026-11-22T09:15:00-05:00', parkedBy: 'Luis', carCalledFor: '2026-11-22T18:40:00-05:00', deliveredBy: 'Ana',
  natureOfClaim: 'Scratch', lossDetails: 'Rear bumper', accidentDescription: 'Found a long scratch on the rear bumper at pickup.',
  attendantPossesedKeys: true, isDamagePhotographed: true, insuranceCompanyName: null, policyNumber: null, policyExpirationDateTime: null,
  liability: false, comprehensive: true, collision: false,
};

/** A route's rate limit counts before it reads the body: the suite sends every attack to every route, so some hit theirs. */
const rateLimited = (outcome: Outcome) => outcome.status === 429;

const DEEP = `${'['.repeat(8000)}${']'.repeat(8000)}`;

describe('JSON nesting', () => {
  it('refuses a body nested 8,000 deep with a 400 on every route that reads JSON, and no route answers 5xx', { timeout: 120_000 }, async () => {
    const outcomes = await sendToAll(withBody(), DEEP);
    expect(outcomes.filter((outcome) => outcome.status >= 500)).toEqual([]);
    const refused = outcomes.filter((outcome) => outcome.status === 400 && outcome.message.includes(TOO_DEEP_MESSAGE));
    const withSchema = withBody().filter((route) => route.schemas.json).map((route) => `${route.method} ${route.path}`);
    expect(withSchema.length).toBeGreaterThan(40);
    expect(outcomes.filter((outcome) => withSchema.includes(outcome.route) && !refused.includes(outcome) && !rateLimited(outcome))).toEqual([]);
    // Routes that read JSON themselves, without validate(), are guarded too (claims words every failed parse as "not JSON").
    expect(outcomes.find((outcome) => outcome.route === 'POST /claims/api/claims/customers')?.status).toBe(400);
  });

  it('lets 32 levels through to the schema, and refuses 33', async () => {
    const route = { method: 'POST', path: '/logs/api/webclient_log' };
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const at32 = await send(route as ApiRoute, JSON.stringify({ message: 'x', level: 'error', extra: JSON.parse(nested(31)) as unknown }));
    expect(((await at32.json()) as { message?: string }).message ?? '').not.toContain(TOO_DEEP_MESSAGE);
    const at33 = await send(route as ApiRoute, JSON.stringify({ message: 'x', level: 'error', extra: JSON.parse(nested(32)) as unknown }));
    expect(at33.status).toBe(400);
    expect(await at33.json()).toEqual({ message: `Invalid request body: ${TOO_DEEP_MESSAGE}` });
  });
});

describe('integer ids beyond int4', () => {
  it('refuses an id-named body field of 2147483648 with a 400 naming it on every route that reads JSON', { timeout: 120_000 }, async () => {
    const outcomes = await sendToAll(withBody(), JSON.stringify({ someRecordId: 2_147_483_648, nested: { locationIds: [1, -2_147_483_649] } }));
    expect(outcomes.filter((outcome) => outcome.status >= 500)).toEqual([]);
    const withSchema = withBody().filter((route) => route.schemas.json).map((route) => `${route.method} ${route.path}`);
    const refused = outcomes.filter((outcome) => outcome.status === 400 && outcome.message.includes(`someRecordId: ${ID_RANGE_MESSAGE}`));
    expect(outcomes.filter((outcome) => withSchema.includes(outcome.route) && !refused.includes(outcome) && !rateLimited(outcome))).toEqual([]);
  });

  it('refuses each route’s own id fields (from its schema) above 2147483647, as 400', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of withBody()) {
      const entries = (route.schemas.json as { entries?: Record<string, unknown> } | undefined)?.entries ?? {};
      for (const name of Object.keys(entries).filter((key) => /(^id|Id|ID)$/.test(key))) {
        checked += 1;
        const response = await send(route, JSON.stringify({ [name]: 2_147_483_648 }));
        if (response.status !== 400) problems.push(`${route.method} ${route.path} ${name}: ${response.status} ${await response.text()}`);
      }
    }
    expect(checked).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });

  it('refuses every numeric id path parameter of 2147483648 (and 1e20) with a 400, on every route', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const schema = route.schemas.param;
      if (!schema) continue;
      const sample = Object.fromEntries(route.params.map((name) => [name, '1']));
      const parsed = v.safeParse(schema, sample);
      // Numeric ids are the parameters the route's schema turns into numbers.
      const numeric = parsed.success ? route.params.filter((name) => typeof (parsed.output as Record<string, unknown>)[name] === 'number' && /(^id|Id|ID)$/.test(name)) : [];
      for (const name of numeric) {
        for (const value of ['2147483648', '99999999999999999999']) {
          checked += 1;
          const response = await t.app.request(fillPath(route, { ...sample, [name]: value }), {
            method: route.method,
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${caller.idToken}`, [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY },
            ...(route.method === 'GET' ? {} : { body: '{}' }),
          });
          if (response.status !== 400) problems.push(`${route.method} ${route.path} ${name}=${value}: ${response.status}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('refuses the outside attacker’s claim with locationID 2147483648, as JSON and as multipart', async () => {
    const claim = { ...CLAIM, locationID: 2_147_483_648 };
    const json = await t.app.request('/claims/api/claims/customers', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(claim) });
    // The claims route answers any failure of c.req.json() as "not JSON": a 400 all the same.
    expect(json.status).toBe(400);
    const form = new FormData();
    form.set('claim', JSON.stringify(claim));
    const multipart = await t.app.request('/claims/api/claims/customers', { method: 'POST', body: form });
    expect(multipart.status).toBe(400);
    expect(((await multipart.json()) as { message: string }).message).toMatch(/locationID/);
  });
});
