/**
 * Two of the spec's remaining screens (issue 38 item 12) on the 412 px and 360 × 640 touch phones:
 * - the claim form's Street suggests US addresses from our own gazetteer, and a tapped suggestion
 *   fills street, city, state and ZIP;
 * - a driver with more than 40 receipts sees the pagination widget (20 a page, the page numbers
 *   around the current one) and moves to page 3.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type Page, type Request, test } from '@playwright/test';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { actAsOwnClient, randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';

const STAFF_KEY = 'parkfair-dev-staff-key';

// A page's own address (actAsOwnClient) is not on the requests a service worker makes; these flows need no worker.
test.use({ serviceWorkers: 'block' });

test('a tapped address suggestion fills street, city, state and ZIP on the claim form', async ({ page }) => {
  await actAsOwnClient(page);
  await page.goto('/incidentreport');
  const street = page.getByRole('combobox', { name: 'Street' });
  await street.fill('350 5th av');
  const suggestions = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
  const option = suggestions.filter({ hasText: '350 5th Avenue, New York, NY 10118' });
  await expect(option).toBeVisible({ timeout: 15_000 });
  await expect(street).toHaveAttribute('aria-expanded', 'true');
  await option.tap();
  await expect(street).toHaveValue('350 5th Avenue');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('New York');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('NY');
  await expect(page.getByLabel('ZIP Code', { exact: true })).toHaveValue('10118');
  await expect(street).toHaveAttribute('aria-expanded', 'false');

  // The keyboard too: ↓ highlights the first address, Enter takes it.
  await street.fill('1 W 42nd St');
  await expect(suggestions.first()).toHaveText('1 West 42nd Street, New York, NY 10036', { timeout: 15_000 });
  await street.press('ArrowDown');
  await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
  await street.press('Enter');
  await expect(street).toHaveValue('1 West 42nd Street');
  await expect(page.getByLabel('ZIP Code', { exact: true })).toHaveValue('10036');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

/** The bearer token the app sends, read off one of its own signed-in calls. */
async function appToken(page: Page, open: () => Promise<unknown>): Promise<string> {
  const signedIn = page.waitForRequest((request: Request) => request.url().includes('/reports/api/') && Boolean(request.headers()['authorization']));
  await open();
  return (await signedIn).headers()['authorization'] ?? '';
}

/** The driver's API, as the app calls it (with a client address of this test's own). */
function driverApi(token: string, client: string) {
  return async (method: string, path: string, json?: unknown, key?: string) => {
    const response = await fetch(`${E2E_BASE_URL}${path}`, {
      method,
      headers: { authorization: token, 'x-forwarded-for': client, ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...(key ? { 'idempotency-key': key } : {}) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status, `${method} ${path}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  };
}

/** A saved test card and `count` paper tickets paid with it: `count` receipts. */
async function payTickets(token: string, client: string, count: number): Promise<void> {
  const call = driverApi(token, client);
  const setup = await call('POST', '/payments/api/payments/setup/initialize', {}, randomUUID());
  const card = await call('POST', '/payments/api/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Page Turner', zip: '10001' });
  await call('POST', `/payments/api/test-processor/setup-intents/${String(setup['clientSecret'])}/confirm`, { paymentMethodId: card['paymentMethodId'] });
  const saved = await call('POST', '/payments/api/payments/setup/complete', {
    transactionId: setup['transactionIntentId'], providerCustomerId: setup['providerCustomerId'], paymentMethodId: card['paymentMethodId'],
  }, randomUUID());
  for (let i = 0; i < count; i += 1) {
    const entry = await fetch(`${E2E_BASE_URL}/parking-system/api/ticket-events/entry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-staff-key': STAFF_KEY },
      body: JSON.stringify({ locationId: 1, licensePlate: `PG${randomBytes(3).toString('hex').toUpperCase()}`, entryTimeUtc: new Date(Date.now() - 90 * 60_000).toISOString() }),
    });
    expect(entry.status).toBe(201);
    const { ticketNumber } = (await entry.json()) as { ticketNumber: string };
    await call('POST', `/payments/api/payments/methods/${String(saved['customerPaymentMethodId'])}/charge`, { systemEntityId: `ticket:${ticketNumber}` }, randomUUID());
  }
}

test('a driver with 45 receipts sees 20 a page with the page numbers, and moves to page 3', async ({ page }) => {
  test.setTimeout(240_000);
  const client = await actAsOwnClient(page);
  await page.goto('/sign-in');
  await registerNewPhoneAccount(page, /\/sign-in$/, { phone: randomPhone(), emailPrefix: 'pages', firstName: 'Page', lastName: 'Turner' });
  await expect(page).toHaveURL(/\/my-account\/profile$/, { timeout: 30_000 });
  const token = await appToken(page, () => page.goto('/my-account/receipts'));
  await expect(page.getByText('You have no receipts yet.')).toBeVisible();
  await payTickets(token, client, 45);

  await page.reload();
  const receipts = page.getByTestId('receipts').getByRole('listitem');
  await expect(receipts).toHaveCount(20, { timeout: 20_000 });
  const pages = page.getByRole('navigation', { name: 'Receipt pages' });
  await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3']);
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  const firstPage = await receipts.allTextContents();
  await pages.getByRole('button', { name: 'Page 3' }).tap();
  await expect(pages.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  await expect(receipts).toHaveCount(5);
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  expect(firstPage).not.toContain(await receipts.first().textContent());
  // 44 px targets, and nothing sticks out sideways on the narrow phone.
  const box = await pages.getByRole('button', { name: 'Page 2' }).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
