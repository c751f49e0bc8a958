/** The promotions redirect: signed in only, the configured address with qrCode and lookupid, bad codes 400. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let user: EmulatorUser;
beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier(), env: { PROMOTIONS_URL: 'https://promos.example.com/landing?src=qr' } });
  user = await createEmulatorUser();
});
afterAll(() => t.close());

it('answers the configured promotions address with the qr code and the customer id as lookupid', async () => {
  const details = (await (await t.request('/accounts/api/customers/get-customer-details', { token: user.idToken })).json()) as { customerId: number };
  const response = await t.request('/promo-redirect/api/SUMMER-TAG_1', { token: user.idToken });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const parsed = new URL(url);
  expect(parsed.origin).toBe('https://promos.example.com');
  expect(Object.fromEntries(parsed.searchParams)).toEqual({ src: 'qr', qrCode: 'SUMMER-TAG_1', lookupid: String(details.customerId) });
});

it('needs a token and refuses a code that could change the address', async () => {
  expect((await t.request('/promo-redirect/api/ABC')).status).toBe(401);
  for (const code of ['a%2F%2Fevil.example', 'x'.repeat(65), 'a.b']) {
    const response = await t.request(`/promo-redirect/api/${code}`, { token: user.idToken });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining('qrCode') as unknown });
  }
});
