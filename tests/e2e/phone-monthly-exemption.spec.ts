/**
 * A resident rate claimed at sign-up needs proof (issue 37 item 4, decision 0104), on a phone: a
 * new driver ticks "Manhattan resident" at lot 1042 (Manhattan, 18.375 %), sees the full rate as
 * the price and the resident price only as what applies once approved, pays the full first month,
 * uploads a photo of the certificate and reads "pending review" with the full monthly fee. A staff
 * member approves it on /staff/exemptions; the driver then reads "approved", the resident fee and
 * the credit for what the first month cost over it.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import sharp from 'sharp';
import { addStaff } from '../../server/staff/staff-accounts.ts';
import { latestMail } from '../support/dev-outbox.ts';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { createEmailAccount } from '../support/emulator-accounts.ts';
import { fillCard } from '../support/park-and-pay-forms.ts';
import { randomEmail, randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';
import { PHONES } from '../support/phones.ts';

const GARAGE = 3;
const dollars = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test.beforeEach(({ context }) => prepareDriverContext(context));

/** The 15th of next month in New York: a prorated first month within the advance limit. */
function nextMonthFifteenth(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const [year = 0, month = 0] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month, 15)).toISOString().slice(0, 10);
}

async function verifiedDriverOnSignUp(page: Page, tag: string): Promise<void> {
  const email = randomEmail(tag);
  await page.goto(`/reserve/monthly?locationId=${GARAGE}`);
  // The protected page sends a signed-out driver to sign in once the session has loaded (slow on a busy phone).
  await page.waitForURL(/\/sign-in\?redirect=/, { timeout: 45_000 });
  await registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: tag, email, firstName: 'Rita', lastName: 'Resident' });
  await expect(page.getByRole('heading', { name: 'Monthly Parking Sign Up' })).toBeVisible();
  await page.goto('/my-account/profile');
  await page.locator('main').getByRole('button', { name: 'Verify Email Address' }).click();
  const link = new URL(await latestMail(email, 'verify-email'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('profile-email')).toContainText('Verified');
  await page.goto(`/reserve/monthly?locationId=${GARAGE}`);
}

async function residentClaimApproved({ page, browser }: { page: Page; browser: Browser }): Promise<void> {
  test.setTimeout(240_000);
  await verifiedDriverOnSignUp(page, 'resident');
  await page.getByLabel('Start date *').fill(nextMonthFifteenth());
  const breakdown = page.getByTestId('monthly-breakdown');
  await expect(breakdown.getByText(/First payment prorated for/)).toBeVisible();
  const fullToday = dollars(await page.getByTestId('due-today').textContent());

  await page.getByLabel('Manhattan resident (parking tax exemption, proof required)').check();
  const note = page.getByTestId('exemption-claim-note');
  await expect(note).toContainText('Resident rate, once your proof is approved');
  // The claim alone changes nothing that is billed.
  expect(dollars(await page.getByTestId('due-today').textContent())).toBe(fullToday);

  const customer = page.getByRole('group', { name: 'Customer Information' });
  await customer.getByLabel('Street *').fill('1 W 42nd St');
  await customer.getByLabel('City *').fill('New York');
  await customer.getByLabel('State *').selectOption('NY');
  await customer.getByLabel('ZIP Code *').fill('10036');
  const vehicle = page.getByRole('group', { name: 'Vehicle', exact: true });
  await vehicle.getByLabel('Make *').fill('Honda');
  await vehicle.getByLabel('Model *').fill('Fit');
  await vehicle.getByLabel('Year *').fill('2019');
  await vehicle.getByLabel('Color *').fill('Red');
  await vehicle.getByLabel('License Plate *').fill(`RS${randomBytes(2).toString('hex').toUpperCase()}`);
  await vehicle.getByLabel('License State *').selectOption('NY');
  await page.getByLabel('Same as Customer Information').check();
  await page.getByRole('button', { name: 'Terms and Conditions' }).click();
  await page.getByRole('dialog', { name: 'Monthly Terms and Conditions' }).getByRole('button', { name: 'I Agree' }).click();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByRole('heading', { name: 'Pay Your First Month' })).toBeVisible();
  await page.getByLabel('Name on card *').fill('Rita Resident');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByLabel('Save card information for future purchases.').check();
  await page.getByRole('button', { name: `Pay $${fullToday.toFixed(2)}` }).click();
  await expect(page).toHaveURL(/\/my-account\/monthly-sign-up\/\d+$/, { timeout: 30_000 });

  const status = page.getByTestId('exemption-status');
  await expect(status).toHaveAttribute('data-status', 'awaiting-proof');
  const certificate = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 250, g: 248, b: 240 } } }).jpeg().toBuffer();
  await page.getByLabel(/^Proof \(photo or PDF/).setInputFiles({ name: 'mrpte.jpg', mimeType: 'image/jpeg', buffer: certificate });
  await page.getByRole('button', { name: 'Upload Proof' }).click();
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status).toContainText('pending review');
  await expect(status).toContainText('You pay the full rate');
  const fullFee = await page.getByText('Monthly fee', { exact: true }).locator('xpath=following-sibling::dd[1]').textContent();

  // Staff approve it on the desk, in a browser of their own.
  const staffEmail = `desk-${randomBytes(4).toString('hex')}@example.com`;
  await createEmailAccount({ email: staffEmail, password: 'desk-secret-1' });
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] ??= '127.0.0.1:9099';
  await addStaff(getAuth(getApps()[0] ?? initializeApp({ projectId: 'demo-parkfair' })), staffEmail);
  const staffContext = await browser.newContext();
  const desk = await staffContext.newPage();
  await desk.goto('/staff/exemptions');
  await desk.getByLabel('Email Address').fill(staffEmail);
  await desk.getByLabel('Password').fill('desk-secret-1');
  await desk.getByRole('button', { name: 'Sign In' }).click();
  const request = desk.getByTestId('staff-exemption').filter({ hasText: 'Rita Resident' });
  await expect(request.getByRole('img', { name: 'Proof 1' })).toBeVisible();
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(request).toHaveCount(0);
  await staffContext.close();

  await page.reload();
  await expect(status).toHaveAttribute('data-status', 'approved');
  await expect(page.getByText(/was credited for the months billed at the full rate/)).toBeVisible();
  // The contracts are fetched afresh on open, but the saved copy (the full fee) shows until they
  // answer, which can be after the claim's own answer above.
  const feeCell = page.getByText('Monthly fee', { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect.poll(async () => dollars(await feeCell.textContent())).toBeLessThan(dollars(fullFee));
  const residentFee = await feeCell.textContent();
  await expect(status).toContainText(residentFee ?? '');
  // Nothing sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

// Each phone in turn: this spec runs in the one-worker shared lane (tests/playwright.config.ts).
for (const phone of PHONES) {
  test.describe(phone.name, () => {
    test.use(phone.use);
    test.beforeEach(({ page }) => expect(page.viewportSize()).toEqual(phone.use.viewport));
    test('a resident claim bills the full rate while pending and the resident fee once staff approve it', residentClaimApproved);
  });
}
