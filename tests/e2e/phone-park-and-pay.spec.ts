/**
 * Park and pay on a touch phone (issue 38 items 1 and 8; runs on pixel-7 412×915 and phone-360
 * 360×640): a driver with one car parked parks a second one and lands on its session (it used to
 * loop back to Digital Tickets); a returning driver activates in at most three taps after the plate;
 * the License Plate Warning says in plain words what Continue does, and only when no ticket for the
 * plate is at the lot.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { fillCard, fillVehicleWizard } from '../support/park-and-pay-forms.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';

const LOT_CODE = '1044';
const randomPlate = () => `PP${randomBytes(3).toString('hex').toUpperCase()}`;
/** The spec's opening of the popup (spec 3 §8), then the plain words of messages.ts. */
const WARNING_OPENING = "We couldn't find a license plate match for this parking session.";
const WARNING_PLAIN = "If you continue, your parking starts now and you pay at least the lot's minimum rate.";

test.beforeEach(({ context }) => prepareDriverContext(context));

const sessionUrl = (plate: string) => new RegExp(`/parkandpay/session\\?licensePlate=${plate}$`);
const warningOf = (page: Page) => page.getByRole('dialog', { name: 'License Plate Warning' });

/** Lot code → Activate Parking → a new account → the first vehicle (wizard) → the prepaid prompt. */
async function newDriverWithVehicle(page: Page, plate: string) {
  await page.goto(`/parkandpay/welcome?location=${LOT_CODE}`);
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await registerNewPhoneAccount(page, /\/parkandpay\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'ppp', firstName: 'Pia', lastName: 'Phone' });
  await fillVehicleWizard(page, plate);
  await expect(page.getByText('Do you have a prepaid reservation?')).toBeVisible();
}

/** From the prepaid prompt: No, a new test card, and the warning (no ticket for the plate at the lot). */
async function payWithNewCard(page: Page) {
  await page.getByLabel('No').tap();
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await page.getByLabel('Name on card *').fill('Pia Phone');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save Card and Activate' }).tap();
  await expect(warningOf(page)).toBeVisible({ timeout: 20_000 });
}

test('a driver with one car parked parks a second one and lands on its session', async ({ page }) => {
  const first = randomPlate();
  const second = randomPlate();
  await newDriverWithVehicle(page, first);
  await payWithNewCard(page);
  await warningOf(page).getByRole('button', { name: 'Continue' }).tap();
  await expect(page).toHaveURL(sessionUrl(first));

  // Park another vehicle → lot code → Activate Parking: the add-vehicle screen, not Digital Tickets.
  await page.getByRole('link', { name: 'Park another vehicle' }).tap();
  await page.getByLabel('Enter the lot code posted at the entrance').fill(LOT_CODE);
  await page.getByRole('button', { name: 'Continue' }).tap();
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await expect(page).toHaveURL(/\/parkandpay\/(scan-license|enter-vehicle-info)/, { timeout: 20_000 });
  await fillVehicleWizard(page, second);
  await page.getByLabel('No').tap();
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await expect(page.getByText(`Vehicle ${second}`)).toBeVisible();
  // The card saved with the first car is preselected.
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await warningOf(page).getByRole('button', { name: 'Continue' }).tap();
  await expect(page).toHaveURL(sessionUrl(second));
  await expect(page.locator('.park-session__plate')).toHaveText(second);

  // Both tickets are in Digital Tickets (two tickets: no auto-continue).
  await page.goto('/parkandpay/digital-tickets');
  await expect(page.getByRole('link', { name: new RegExp(first) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(second) })).toBeVisible();
});

test('a returning driver activates in at most three taps after the plate; the warning only without a ticket at the lot', async ({ page }) => {
  const plate = randomPlate();
  await newDriverWithVehicle(page, plate);
  // The card is saved on the way; Go Back leaves the car unparked (a returning driver's account).
  await payWithNewCard(page);
  await warningOf(page).getByRole('button', { name: 'Go Back' }).tap();
  await expect(warningOf(page)).toHaveCount(0);

  // Next visit: the remembered vehicle is preselected; Continue confirms the plate.
  await page.goto(`/parkandpay/welcome?location=${LOT_CODE}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await expect(page.getByRole('radio', { name: new RegExp(plate) })).toBeChecked({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue' }).tap();

  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.tap();
  };
  // Yes and No are one choice (radios), not two checkboxes.
  await expect(page.getByRole('radio', { name: 'No' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await tap(page.getByRole('radio', { name: 'No' }));
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await tap(page.getByRole('button', { name: 'Activate Parking' }));
  // No ticket for this plate at the lot: the warning, in plain words (not "…will be reviewed").
  await expect(warningOf(page)).toContainText(WARNING_OPENING);
  await expect(warningOf(page)).toContainText(WARNING_PLAIN);
  await expect(warningOf(page)).not.toContainText('reviewed');
  await tap(warningOf(page).getByRole('button', { name: 'Continue' }));
  await expect(page).toHaveURL(sessionUrl(plate));
  expect(taps).toBeLessThanOrEqual(3);

  // The plate now has a ticket at this lot: activating it again finds it, no warning.
  await page.goto('/parkandpay/prepaid-prompt');
  await page.getByRole('radio', { name: 'No' }).tap();
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await expect(page).toHaveURL(sessionUrl(plate));
  await expect(warningOf(page)).toHaveCount(0);
});
