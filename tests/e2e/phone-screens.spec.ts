/**
 * The spec's remaining screens on a touch phone (issue 38 item 12 and two guest-payment leftovers;
 * decision 0115; runs on pixel-7 412×915 and phone-360 360×640):
 * - a location link opens the search screen with the garage's detail panel; an unknown slug goes
 *   to /no-parking;
 * - an unknown lot code says "Location not found" in the server's HTML, with 404, without scripts;
 * - a guest pays with the browser's payment sheet, and the page views and the purchase arrive at
 *   the operator's own log endpoint;
 * - the pay-for-parking QR scanner lands a signed-out driver on the guest payment;
 * - five wrong SMS codes say "Too many requests" (spec 2 §8).
 */
import { AUTH_MESSAGES } from '../../src/features/auth/auth-messages.ts';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { newGarageTicket } from '../support/lot-driver.ts';
import { enterPhone, randomEmail, randomPhone, waitForSmsCode } from '../support/phone-sign-up.ts';

test.beforeEach(({ context }) => prepareDriverContext(context));

const LOCATION = { slug: '123-w-44th-st-new-york', id: 1, address: '123 W 44th St' };

test('a location link opens the search screen around the garage with its detail panel; an unknown slug goes to /no-parking', async ({ page }) => {
  await page.goto(`/locations/${LOCATION.slug}`);
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 1 })).toContainText(LOCATION.address);
  await expect(panel.getByRole('link', { name: 'Reserve' })).toHaveAttribute('href', new RegExp(`^/reserve/daily/${LOCATION.slug}\\?`));
  // The search screen is under it: its title and filter bar, and the garages around, this one among them.
  await expect(page.getByRole('heading', { name: `Parking near ${LOCATION.address}` })).toBeVisible();
  await expect(page.locator(`.result-tile[data-location-id="${LOCATION.id}"]`)).toHaveCount(1, { timeout: 15_000 });
  // Opened cold, Back closes the panel onto the list.
  await panel.getByRole('button', { name: '‹ Back to results' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.result-tile').first()).toBeVisible();

  await page.goto('/locations/no-such-garage');
  await expect(page).toHaveURL(/\/no-parking$/);
  await expect(page.getByRole('heading', { name: 'No Parking Here' })).toBeVisible();
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('an unknown lot code says "Location not found" in the server\'s page, with 404', async ({ page }) => {
    const response = await page.goto('/parkandpay/welcome?location=99999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('Location not found');
    await expect(page.getByLabel('Enter the lot code posted at the entrance')).toBeVisible();
    const known = await page.goto('/parkandpay/welcome?location=1044');
    expect(known?.status()).toBe(200);
    await expect(page.getByText('Lot code 1044')).toBeVisible();
  });
});

/** Chromium offers no payment app headless; this stand-in answers like a basic-card wallet would. */
function standInPaymentRequest(): void {
  class StandInPaymentRequest {
    canMakePayment() {
      return Promise.resolve(true);
    }
    show() {
      return Promise.resolve({
        details: { cardNumber: '4242424242424242', expiryMonth: '12', expiryYear: '2034', cardSecurityCode: '123', cardholderName: 'Gia Guest', billingAddress: { postalCode: '10036' } },
        complete: () => Promise.resolve(),
      });
    }
  }
  Object.assign(window, { PaymentRequest: StandInPaymentRequest });
}

type StoredEvent = { type: string; path: string | null; paymentId: number | null; amount: number | null; method: string | null };

test("a guest pays with the browser's payment sheet; the page views and the purchase arrive at the operator's log endpoint", async ({ page }) => {
  await page.addInitScript(standInPaymentRequest);
  const ticketNumber = await newGarageTicket(45);
  await page.goto('/pay-for-parking');
  await page.getByLabel('Ticket number').fill(ticketNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Pay as guest' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In to Pay' })).toBeVisible();
  const due = Number(((await page.getByTestId('amount-due').textContent()) ?? '').replace(/[^\d.]/g, ''));
  await page.getByRole('button', { name: 'Pay with Browser' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}/confirmation$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

  const sessionId = await page.evaluate(() => sessionStorage.getItem('pf-analytics-session'));
  expect(sessionId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  let events: StoredEvent[] = [];
  await expect
    .poll(async () => {
      events = (await (await fetch(`${E2E_BASE_URL}/logs/api/events?sessionId=${sessionId}`)).json()) as StoredEvent[];
      // Batches go a few seconds apart: the purchase and the confirmation's view may come in two.
      return events.map((event) => (event.type === 'page_view' ? event.path : event.type));
    }, { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['/pay-for-parking', 'purchase', '/pay-for-parking/:id/confirmation']));
  // No ticket number, query string or personal data in what was stored.
  expect(JSON.stringify(events)).not.toContain(ticketNumber);
  expect(events.find((event) => event.type === 'purchase')).toMatchObject({ method: 'browser-pay', amount: due, paymentId: expect.any(Number) });
});

test('the pay-for-parking QR scanner lands a signed-out driver on the guest payment, with signing in offered', async ({ page }) => {
  const ticketNumber = await newGarageTicket(20);
  await page.goto('/leavefast/scan?type=pay-for-parking');
  await page.getByLabel('Or type the ticket number').fill(ticketNumber);
  await page.locator('.qr-scan__form').getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking\\?ticket=${ticketNumber}$`));
  await expect(page.getByRole('heading', { name: 'Pay as guest' })).toBeVisible();
  await expect(page.getByLabel('Card number *')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In to Pay' })).toHaveAttribute('href', `/pay-for-parking/${ticketNumber}`);
  await expect(page).not.toHaveURL(/sign-in/);
});

test('five wrong SMS codes say "Too many requests", and the right one is then refused too', async ({ page }) => {
  const phone = randomPhone();
  await page.goto('/sign-in');
  const main = page.locator('main');
  await enterPhone(page, phone);
  await page.getByLabel('Email Address *').fill(randomEmail('locked'));
  await main.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First Name *').fill('Lee');
  await page.getByLabel('Last Name *').fill('Locked');
  await main.getByRole('button', { name: 'Continue' }).click();
  const code = main.getByLabel('Verification Code *');
  await expect(code).toBeVisible();
  const right = await waitForSmsCode(phone, 0);
  const wrong = right === '000000' ? '111111' : '000000';
  const verify = main.getByRole('button', { name: /^(Verify|Continue)$/ });
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await code.fill(wrong);
    await verify.click();
    await expect(main.getByText(attempt < 5 ? AUTH_MESSAGES.invalidCode : AUTH_MESSAGES.tooManyRequests)).toBeVisible();
  }
  await code.fill(right);
  await verify.click();
  await expect(main.getByText(AUTH_MESSAGES.tooManyRequests)).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});
