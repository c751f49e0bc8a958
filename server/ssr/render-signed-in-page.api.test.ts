/**
 * The park-and-pay session rendered on the server for its driver (src/contract/server-rendered-pages.ts):
 * the page-token cookie's ID token is verified with the Auth emulator, the page's API calls carry
 * it, and the HTML shows that driver's ticket and nobody else's. A missing, forged or other
 * driver's token gets the shell or a page without the ticket; the cookie never authorises an API
 * call; the page is never stored by a shared cache.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garageTicketSchema } from '../../src/contract/parking-system.ts';
import { PAGE_TOKEN_COOKIE } from '../../src/contract/server-rendered-pages.ts';
import { serveBuiltApp } from '../lib/static-files.ts';
import { createEmulatorUser, emulatorTokenVerifier, forgeToken, type EmulatorUser } from '../testing/emulator-users.ts';
import { insertVehicle } from '../testing/insert-vehicle.ts';
import { STAFF_HEADERS } from '../testing/ticket-test-kit.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { SSR_STATE_ID } from './html-document.ts';
import { renderServerPages, type ServerRenderer } from './render-pages.ts';

/** A path in a variable: the server's TypeScript project does not compile src/ (JSX); Vitest's Vite does. */
const ENTRY_SERVER = '../../src/entry-server.tsx';
const PLATE = 'SSR4821';
let t: TestApp;
let distDir: string;
let root: Hono;
let alice: EmulatorUser;
let bob: EmulatorUser;
let ticketNumber: string;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  distDir = await mkdtemp(path.join(os.tmpdir(), 'parkfair-ssr-signed-in-'));
  await copyFile(path.join(import.meta.dirname, '../../index.html'), path.join(distDir, 'index.html'));
  root = new Hono();
  root.route('/', t.app);
  root.use('*', renderServerPages({ distDir, api: t.app, origin: 'https://parkfair.example', verifyToken: emulatorTokenVerifier(), importRenderer: () => import(/* @vite-ignore */ ENTRY_SERVER) as Promise<ServerRenderer> }));
  root.use('*', serveBuiltApp(distDir));
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
  await insertVehicle(t.db, alice.uid, PLATE);
  // A gate ticket 40 minutes old that Alice has claimed (as activating parking does): priced by
  // the garage's rate board, so the session shows its next price step. The renderer counts that
  // step on the real clock (Date.now, as a phone does), so the app's clock is set to it here: on
  // the pinned TEST_NOW the ticket grew older every day and, nine days on, had no step to show.
  t.clock.now = new Date();
  const entry = await t.request('/parking-system/api/ticket-events/entry', { method: 'POST', headers: STAFF_HEADERS, json: { locationId: 5, licensePlate: PLATE, entryTimeUtc: new Date(t.clock.now.getTime() - 40 * 60_000).toISOString() } });
  expect(entry.status).toBe(201);
  ticketNumber = v.parse(garageTicketSchema, await entry.json()).ticketNumber;
  await t.db.query('update garage_tickets set customer_uid = $1 where ticket_number = $2', [alice.uid, ticketNumber]);
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

const SESSION = `/parkandpay/session?licensePlate=${PLATE}`;
const open = (url: string, token?: string) => root.request(url, { headers: { Accept: 'text/html', ...(token === undefined ? {} : { Cookie: `${PAGE_TOKEN_COOKIE.name}=${token}` }) } });

describe('the session rendered for its driver', () => {
  it("shows the driver's ticket in the first HTML, private and rendered over by the browser", async () => {
    const response = await open(SESSION, alice.idToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Vary')).toContain('Cookie');
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<p class="park-session__plate">${PLATE}</p>`));
    expect(html).toContain(ticketNumber);
    expect(html).toContain('Show Exit Pass');
    // The header as her device draws it: her account links, not "Sign In / Register".
    expect(html).toMatch(/<nav aria-label="Account"[^>]*>[\s\S]*>Logout<\/button>[\s\S]*<\/nav>/);
    expect(html).not.toContain('Sign In / Register');
    // The garage's address (the phone's layout; CSS shows it below 576 px).
    expect(html).toContain('<div class="park-map__tap park-map--phone-only"><address class="park-map__address" data-testid="location-address">');
    // The next price step from the garage's rate board, fetched by the server too.
    expect(html).toMatch(/<p class="park-session__next-step" data-testid="next-price-step">\$\d+\.\d\d if you leave by/);
    expect(html).toMatch(new RegExp(`id="${SSR_STATE_ID}" data-hydrate="false"`));
    expect(html).not.toContain('<noscript>');
  });

  it('gives the shell without a cookie, with a forged or a garbage token', async () => {
    for (const token of [undefined, forgeToken(alice), 'not-a-token', '']) {
      const html = await (await open(SESSION, token)).text();
      expect(html, `token ${String(token).slice(0, 20)}`).toContain('<noscript>');
      expect(html).not.toContain(ticketNumber);
      expect(html).not.toContain(SSR_STATE_ID);
    }
  });

  it("never shows one driver another's ticket: Bob opening Alice's plate gets no ticket", async () => {
    const html = await (await open(SESSION, bob.idToken)).text();
    expect(html).not.toContain(ticketNumber);
    expect(html).not.toContain('Show Exit Pass');
  });

  it('the cookie alone authorises no API call', async () => {
    const response = await t.app.request('/parking-system/api/management/tickets/mine', { headers: { Cookie: `${PAGE_TOKEN_COOKIE.name}=${alice.idToken}` } });
    expect(response.status).toBe(401);
  });
});
