/**
 * Passes on a touch phone (issue 38 items 2 and 7; runs on pixel-7 412×915 and phone-360 360×640):
 * offline, My Account › Reservations shows the saved list with the offline marker and each pass
 * opens from it, after a reload and a second time; the paid confirmation shows the exit QR it tells
 * the driver to show; and once the paid exit-by time passes (the page's clock moved past it, no
 * signal), the session says the grace period ended and more may be due, and offers Pay Balance.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { fillCard, fillVehicleWizard } from '../support/park-and-pay-forms.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';
import { waitForServiceWorkerControl } from '../support/service-worker.ts';

test.beforeEach(({ context }) => prepareDriverContext(context));

const LOT_CODE = '1044';
const randomPlate = () => `PS${randomBytes(3).toString('hex').toUpperCase()}`;
const OFFLINE_MARKER = /^offline · last updated \d\d:\d\d$/;

/** Tomorrow in New York as YYYY-MM-DD. */
const tomorrowInNewYork = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000));

async function savedCacheHolds(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate((wanted) => window.localStorage.getItem('pf-query-cache')?.includes(wanted) ?? false, text), { timeout: 15_000 }).toBe(true);
}

test('offline, the reservations list shows its saved copy and the pass opens from it, twice', async ({ page, context }) => {
  test.slow();
  const garages = (await (await fetch(`${E2E_BASE_URL}/locations/api/locations`)).json()) as { locationNumber: string; seoUrl: string }[];
  const midtown = garages.find((g) => g.locationNumber === LOT_CODE);
  if (!midtown) throw new Error(`no garage ${LOT_CODE}`);
  await page.goto(`/locations/${midtown.seoUrl}`);
  await page.getByRole('dialog').getByRole('link', { name: /Reserve/ }).first().click();
  await registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'passes', firstName: 'Rae', lastName: 'Passes' });
  await page.getByLabel('Arrival date').fill(tomorrowInNewYork());
  await page.getByLabel('Arrival time').selectOption({ label: '6:00 PM' });
  await page.getByLabel('Departure time').selectOption({ label: '9:00 PM' });
  await expect(page.getByTestId('reserve-total')).toBeVisible();
  await page.getByLabel('Name on card *').fill('Rae Passes');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/my-account\/reservations\/\d+$/, { timeout: 30_000 });
  const number = (await page.getByTestId('confirmation-number').textContent()) ?? '';
  expect(number).toMatch(/^PF-/);

  // Online once: the list is read and kept on the device.
  await page.goto('/my-account/reservations');
  const active = page.getByTestId('reservations-active');
  await expect(active.getByRole('link', { name: new RegExp(number) })).toBeVisible();
  await waitForServiceWorkerControl(page);
  await savedCacheHolds(page, '"reservations","active"');

  await context.setOffline(true);
  for (let round = 0; round < 2; round += 1) {
    await page.goto('/my-account/reservations');
    await expect(active.getByRole('link', { name: new RegExp(number) })).toBeVisible();
    await expect(active.getByTestId('saved-copy-marker')).toHaveText(OFFLINE_MARKER);
    await expect(page.getByText(/appears to be offline/)).toHaveCount(0);
    await active.getByRole('link', { name: new RegExp(number) }).tap();
    await expect(page).toHaveURL(/\/my-account\/reservations\/\d+$/);
    await expect(page.getByTestId('confirmation-number')).toHaveText(number);
    await expect(page.getByRole('img', { name: `QR code ${number}` })).toBeVisible();
    await expect(page.getByTestId('saved-copy-marker')).toHaveText(OFFLINE_MARKER);
    await page.reload();
    await expect(page.getByRole('img', { name: `QR code ${number}` })).toBeVisible();
  }
  await context.setOffline(false);
});

test('paid: the confirmation shows the exit QR; past exit-by, offline, the session says the grace period ended and offers Pay Balance', async ({ page, context }) => {
  test.slow();
  const plate = randomPlate();
  await page.goto(`/parkandpay/welcome?location=${LOT_CODE}`);
  await waitForServiceWorkerControl(page);
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await registerNewPhoneAccount(page, /\/parkandpay\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'ppass', firstName: 'Pat', lastName: 'Passes' });
  await fillVehicleWizard(page, plate);
  await page.getByLabel('No').tap();
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await page.getByLabel('Name on card *').fill('Pat Passes');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save Card and Activate' }).tap();
  // The minimum-rate notice is on the activation screen; no popup follows (decision 0111).
  const sessionUrl = new RegExp(`/parkandpay/session\\?licensePlate=${plate}$`);
  await expect(page).toHaveURL(sessionUrl, { timeout: 20_000 });
  await expect(page.getByTestId('current-charges')).toHaveText(/^\$\d+\.\d\d$/);
  const session = page.url();

  // Pay the balance with the saved card: the confirmation shows the pass to show at the exit.
  await page.getByRole('link', { name: 'Pay Balance' }).tap();
  await expect(page).toHaveURL(/\/pay-for-parking\/[A-Z0-9]+\?flow=parkandpay$/, { timeout: 20_000 });
  await expect(page.getByRole('radio', { name: /ending in 4242/ })).toBeChecked();
  await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).tap();
  await expect(page).toHaveURL(/\/pay-for-parking\/([A-Z0-9]+)\/confirmation/, { timeout: 20_000 });
  const ticketNumber = /\/pay-for-parking\/([A-Z0-9]+)\/confirmation/.exec(page.url())?.[1] ?? '';
  await expect(page.getByText('This ticket is paid. Show it at the exit.', { exact: true })).toBeVisible();
  const pass = page.getByRole('figure', { name: `Exit pass for ticket ${ticketNumber}` });
  await expect(pass.getByRole('img', { name: `QR code ${ticketNumber}` })).toBeVisible();
  await expect(pass.locator('path')).toHaveAttribute('d', /^M/);

  // The session, paid: "Paid · exit by …", no Pay Balance. Then the page's clock runs past the
  // grace period with no signal: the saved copy still says paid, the session must not.
  await page.clock.install();
  await page.goto(session);
  // (The session refreshes its ticket every minute: at the latest then it shows the payment.)
  await expect(page.getByTestId('paid-exit-by')).toHaveText(/^Paid · exit by \d{1,2}:\d\d [AP]M$/, { timeout: 90_000 });
  await expect(page.getByRole('link', { name: 'Pay Balance' })).toHaveCount(0);
  await savedCacheHolds(page, '"exitByUtc":"');
  await context.setOffline(true);
  await page.clock.fastForward('20:00');
  const note = page.getByTestId('grace-ended');
  await expect(note).toContainText(/^Your grace period after payment ended at \d{1,2}:\d\d [AP]M\. More may be due for the extra time: pay the balance before you exit\./);
  await expect(page.getByTestId('paid-exit-by')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pay Balance' })).toBeVisible();
  await context.setOffline(false);
});
