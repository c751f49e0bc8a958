/**
 * The Content-Security-Policy (server/lib/security-headers.ts) breaks nothing the driver does
 * first: each front-loaded flow runs in real Chromium under the policy the server sends, and the
 * test fails on any CSP violation — a `securitypolicyviolation` event in a page, or a console
 * error that mentions the Content Security Policy (refused scripts, styles, workers, connections).
 * Flows: home and a location page; park-and-pay welcome → lot code → phone sign-up → vehicle →
 * card → session with its map and exit pass; retrieve by ticket number; the QR scan screen with a
 * fake camera → pay the ticket with a test card after signing up by phone.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeTicketCamera, ticketQrText } from '../fixtures/qr/ticket-camera.ts';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { E2E_BASE_URL, REPO_ROOT } from '../support/e2e-env.ts';
import { fillCard, fillVehicle } from '../support/park-and-pay-forms.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';

const STAFF_KEY = 'parkfair-dev-staff-key';
const CAMERA_DIR = path.join(REPO_ROOT, '.tmp/e2e/qr-cameras');

/** Records every CSP violation the page reports, from the first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${location.href}: ${event.violatedDirective} refused ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}

async function newTicket(minutesAgo: number): Promise<string> {
  const response = await fetch(`${E2E_BASE_URL}/parking-system/api/ticket-events/entry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-staff-key': STAFF_KEY },
    body: JSON.stringify({ locationId: 1, licensePlate: `CS${randomBytes(3).toString('hex').toUpperCase()}`, entryTimeUtc: new Date(Date.now() - minutesAgo * 60_000).toISOString() }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { ticketNumber: string }).ticketNumber;
}

test('the policy is enforced: the page carries it and an injected inline script is refused and reported', async ({ page }) => {
  await prepareDriverContext(page);
  const violations = await watchCsp(page);
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(policy).not.toContain('unsafe-inline');
  await expect(page.locator('main')).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test('home, a location page and retrieve-by-number run without a CSP violation', async ({ page }) => {
  await prepareDriverContext(page);
  const violations = await watchCsp(page);
  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
  await page.goto('/locations');
  const first = page.locator('main a[href^="/locations/"]').first();
  await first.click();
  await expect(page).toHaveURL(/\/locations\/[^/]+$/);
  // The location page is the search screen with the garage's panel open: its heading and the panel's.
  await expect(page.locator('main h1').first()).toBeVisible();

  const ticketNumber = await newTicket(45);
  await page.goto('/retrieve-car');
  await page.getByLabel('Ticket number').fill(ticketNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/retrieve-car/${ticketNumber}$`));
  await page.getByRole('button', { name: 'Request My Car' }).click();
  await expect(page.getByText('Your car has been requested. An attendant is bringing it to the exit.')).toBeVisible();
  expect(violations).toEqual([]);
});

test('park-and-pay from the lot code to the session map and exit pass runs without a CSP violation', async ({ page }) => {
  await prepareDriverContext(page);
  const violations = await watchCsp(page);
  const plate = `CS${randomBytes(3).toString('hex').toUpperCase()}`;
  await page.goto('/parkandpay/welcome');
  await page.getByLabel('Enter the lot code posted at the entrance').fill('1044');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Lot code 1044')).toBeVisible();
  await page.getByRole('button', { name: 'Activate Parking' }).click();
  await registerNewPhoneAccount(page, /\/parkandpay\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'csp', firstName: 'Cleo', lastName: 'Policy' });
  await fillVehicle(page, plate);
  await page.getByLabel('No').click();
  await page.getByLabel('Name on card *').fill('Cleo Policy');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save Card and Activate' }).click();
  // The minimum-rate notice is on the activation screen; no popup follows (decision 0111).
  await expect(page).toHaveURL(new RegExp(`/parkandpay/session\\?licensePlate=${plate}$`));
  // The map: maplibre, its worker and the app's own tiles and glyphs.
  await expect(page.getByTestId('location-map').locator('canvas')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('location-map').getByText('© OpenStreetMap contributors')).toBeAttached({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Show Exit Pass' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  // A reload of the gate page runs the inline preload script the policy allows by its hash.
  await page.reload();
  await page.getByRole('button', { name: 'Show Exit Pass' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
  expect(violations).toEqual([]);
});

test('the QR scan screen with a camera, then paying the ticket with a card, run without a CSP violation', async ({ driverPage }) => {
  const ticketNumber = await newTicket(150);
  const cameraVideo = await makeTicketCamera(ticketQrText(ticketNumber), CAMERA_DIR, randomBytes(4).toString('hex'));
  const page = await driverPage({ cameraVideo });
  const violations = await watchCsp(page);
  await page.goto('/leavefast/scan');
  await expect(page).toHaveURL(new RegExp(`/leavefast/choose/${ticketNumber}$`), { timeout: 15_000 });
  await page.getByRole('link', { name: 'Pay for Parking' }).click();
  // Signed out, the pay screen offers a guest payment beside sign-in; this test signs in.
  await page.getByRole('link', { name: 'Sign In to Pay' }).click();
  await registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'csp', firstName: 'Quinn', lastName: 'Policy' });
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}$`), { timeout: 20_000 });
  const due = (await page.getByTestId('amount-due').textContent()) ?? '';
  await page.getByLabel('Name on card *').fill('Quinn Policy');
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: `Pay ${due}` }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible({ timeout: 20_000 });
  expect(violations).toEqual([]);
});
