/**
 * Monthly sign-up end to end (issue 19; spec 2 §4 "Monthly sign-up", "Monthly contracts"): a new
 * phone user verifies the email (ticket-system garage 3, lot 1042), picks a start date, sees the
 * prorated first month in the breakdown, accepts the licence, fills the registration form, pays
 * the first month with a saved card and lands on the subscription, whose access pass shows the
 * monthly barcode. Then a sign-up whose first payment is declined is due on the account page and
 * paid there with the Pay Balance modal. Real Chromium, the real server and the Auth emulator.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { latestMail } from '../support/dev-outbox.ts';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { fillCard } from '../support/park-and-pay-forms.ts';
import { randomEmail, randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';
import { waitForServiceWorkerControl } from '../support/service-worker.ts';

const GARAGE = 3;
const dollars = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test.beforeEach(({ context }) => prepareDriverContext(context));

/** YYYY-MM-DD in New York, `months` ahead on `day` (or today when months is 0 and day undefined). */
function newYorkDate(months: number, day?: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  if (day === undefined) return today;
  const [year = 0, month = 0] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 + months, day));
  return date.toISOString().slice(0, 10);
}

async function signUpAndVerify(page: Page, tag: string): Promise<void> {
  const email = randomEmail(tag);
  await page.goto(`/reserve/monthly?locationId=${GARAGE}`);
  await registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: tag, email, firstName: 'Mona', lastName: 'Monthly' });
  await expect(page.getByRole('heading', { name: 'Monthly Parking Sign Up' })).toBeVisible();
  await expect(page.getByText('Please verify your email address before you sign up for monthly parking at this location.').first()).toBeVisible();
  await page.goto('/my-account/profile');
  await page.locator('main').getByRole('button', { name: 'Verify Email Address' }).click();
  const link = new URL(await latestMail(email, 'verify-email'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('profile-email')).toContainText('Verified');
  await page.goto(`/reserve/monthly?locationId=${GARAGE}`);
}

async function fillRegistration(page: Page, plate: string): Promise<void> {
  const customer = page.getByRole('group', { name: 'Customer Information' });
  await expect(customer.getByLabel('First Name *')).toHaveValue('Mona');
  await customer.getByLabel('Street *').fill('1 Main St');
  await customer.getByLabel('City *').fill('Hoboken');
  await customer.getByLabel('State *').selectOption('NJ');
  await customer.getByLabel('ZIP Code *').fill('07030');
  const vehicle = page.getByRole('group', { name: 'Vehicle', exact: true });
  await vehicle.getByLabel('Make *').fill('Toyota');
  await vehicle.getByLabel('Model *').fill('Corolla');
  await vehicle.getByLabel('Year *').fill('2020');
  await vehicle.getByLabel('Color *').fill('Blue');
  await vehicle.getByLabel('License Plate *').fill(plate);
  await vehicle.getByLabel('License State *').selectOption('NJ');
  await page.getByLabel('Same as Customer Information').check();
  await expect(page.getByRole('group', { name: 'Vehicle Owner' }).getByLabel('Owner Name *')).toHaveValue('Mona Monthly');
}

async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Terms and Conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Monthly Terms and Conditions' });
  await expect(terms.getByText(/25th/).first()).toBeVisible();
  await terms.getByRole('button', { name: 'I Agree' }).click();
}

test('sign-up with the prorated first month shown and paid; the access pass shows the barcode, offline too', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, 'monthly');
  // The 15th of next month: prorated (16 or so days of a month), within the 90-day advance.
  await page.getByLabel('Start date *').fill(newYorkDate(1, 15));
  const breakdown = page.getByTestId('monthly-breakdown');
  await expect(breakdown.getByText('First month (prorated)')).toBeVisible();
  await expect(breakdown.getByText(/First payment prorated for/)).toBeVisible();
  const dueToday = dollars(await page.getByTestId('due-today').textContent());
  expect(dueToday).toBeGreaterThan(0);

  await fillRegistration(page, `MO${randomBytes(2).toString('hex').toUpperCase()}`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Error: You must accept the Terms and Conditions')).toBeVisible();
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByRole('heading', { name: 'Pay Your First Month' })).toBeVisible();
  await page.getByLabel('Name on card *').fill('Mona Monthly');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByLabel('Save card information for future purchases.').check();
  await page.getByRole('button', { name: `Pay $${dueToday.toFixed(2)}` }).click();

  await expect(page).toHaveURL(/\/my-account\/monthly-sign-up\/\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByText(/first month, prorated, with the service fee/)).toBeVisible();
  await expect(page.getByText(/^Paid /)).toBeVisible();

  await page.goto('/my-account/access-pass');
  await expect(page.getByRole('img', { name: /^Monthly barcode / })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('access-pass-state')).toHaveText('Active');
  const barcode = await page.getByRole('img', { name: /^Monthly barcode / }).getAttribute('aria-label');

  // At the gate with no signal: the pass opens from what the device kept (persisted query).
  await waitForServiceWorkerControl(page);
  await page.waitForTimeout(1500);
  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto('/my-account/access-pass');
  await expect(offline.getByRole('img', { name: barcode ?? '' })).toBeVisible({ timeout: 20_000 });
  await context.setOffline(false);
});

test('a declined first payment leaves the month due; Pay Balance on the account page pays it', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndVerify(page, 'balance');
  // Starting today: the first month is due now.
  await page.getByLabel('Start date *').fill(newYorkDate(0));
  await expect(page.getByTestId('due-today')).toBeVisible();
  await fillRegistration(page, `BA${randomBytes(2).toString('hex').toUpperCase()}`);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByLabel('Name on card *').fill('Mona Monthly');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText(/declined/i).first()).toBeVisible();

  await page.goto('/my-account/monthly-sign-up');
  const subscription = page.getByTestId('monthly-subscription');
  await expect(subscription.getByTestId('subscription-status')).toHaveText('Awaiting first payment');
  await subscription.getByRole('link').click();
  await expect(page.getByTestId('amount-due')).toBeVisible();
  await page.getByRole('button', { name: 'Pay Balance' }).click();
  const modal = page.getByRole('dialog', { name: 'Pay Balance' });
  await modal.getByLabel('Name on card *').fill('Mona Monthly');
  await fillCard(page, '4242 4242 4242 4242');
  await modal.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Thank you, your payment was received.')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('amount-due')).toHaveCount(0);
});
