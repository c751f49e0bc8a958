/**
 * Park and pay on a touch phone (issue 38 items 1 and 8; runs on pixel-7 412×915 and phone-360
 * 360×640): a driver with one car parked parks a second one and lands on its session (it used to
 * loop back to Digital Tickets); a returning driver — vehicle remembered, card saved — goes from
 * the lot's screen to an active session in at most three taps (two: Activate Parking, Activate
 * Parking); Yes/No is a real radio choice that arrow keys change without leaving the screen; the
 * minimum-rate notice is said in plain words, and only when it applies (decision 0111).
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { fillCard, fillVehicleWizard } from '../support/park-and-pay-forms.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';

const LOT_CODE = '1044';
const STAFF_KEY = 'parkfair-dev-staff-key';
const randomPlate = () => `PP${randomBytes(3).toString('hex').toUpperCase()}`;
/** The notice of messages.ts, in plain words (spec 3 §4 "minimum rate … audit review"). */
const NOTICE = "Your parking starts when you tap Activate Parking. You pay this lot's minimum rate when you leave, and we check the plate against the garage's entrance records.";

test.beforeEach(({ context }) => prepareDriverContext(context));

const sessionUrl = (plate: string) => new RegExp(`/parkandpay/session\\?licensePlate=${plate}$`);
const warningOf = (page: Page) => page.getByRole('dialog', { name: 'License Plate Warning' });

/** Lot code → Activate Parking → a new account → the first vehicle (plate and state) → the activation screen. */
async function newDriverWithVehicle(page: Page, plate: string) {
  await page.goto(`/parkandpay/welcome?location=${LOT_CODE}`);
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await registerNewPhoneAccount(page, /\/parkandpay\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'ppp', firstName: 'Pia', lastName: 'Phone' });
  await fillVehicleWizard(page, plate);
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await expect(page.getByText('Do you have a prepaid reservation?')).toBeVisible();
}

/** On the activation screen: the notice, No as chosen, a new test card, and the session — no popup. */
async function activateWithNewCard(page: Page, plate: string) {
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await page.getByLabel('Name on card *').fill('Pia Phone');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save Card and Activate' }).tap();
  await expect(page).toHaveURL(sessionUrl(plate), { timeout: 20_000 });
  await expect(warningOf(page)).toHaveCount(0);
}

/** The driver pays at the pay station and the gate lets the car out (staff events), so the next visit is a new one. */
async function leaveTheLot(plate: string) {
  const headers = { 'content-type': 'application/json', 'x-staff-key': STAFF_KEY };
  const listed = await fetch(`${E2E_BASE_URL}/parking-system/api/management/tickets/license-plates/${plate}`, { headers });
  const { results } = (await listed.json()) as { results: { ticketNumber: string; amountDue: number }[] };
  expect(results).toHaveLength(1);
  const { ticketNumber, amountDue } = results[0] ?? { ticketNumber: '', amountDue: 0 };
  const paid = await fetch(`${E2E_BASE_URL}/parking-system/api/ticket-events/payment`, { method: 'POST', headers, body: JSON.stringify({ ticketNumber, amountCents: Math.round(amountDue * 100) }) });
  expect(paid.status).toBe(200);
  const exit = await fetch(`${E2E_BASE_URL}/parking-system/api/ticket-events/exit`, { method: 'POST', headers, body: JSON.stringify({ ticketNumber, exitTime: new Date().toISOString() }) });
  expect(exit.status).toBe(200);
}

test('a driver with one car parked parks a second one and lands on its session', async ({ page }) => {
  // A sign-up, two vehicles and two activations: long on a busy machine.
  test.slow();
  const first = randomPlate();
  const second = randomPlate();
  await newDriverWithVehicle(page, first);
  await activateWithNewCard(page, first);

  // Park another vehicle → lot code → Activate Parking: the add-vehicle screen, not Digital Tickets.
  await page.getByRole('link', { name: 'Park another vehicle' }).tap();
  await page.getByLabel('Enter the lot code posted at the entrance').fill(LOT_CODE);
  await page.getByRole('button', { name: 'Continue' }).tap();
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await expect(page).toHaveURL(/\/parkandpay\/(scan-license|enter-vehicle-info)/, { timeout: 20_000 });
  await fillVehicleWizard(page, second);
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await expect(page.getByText(`Vehicle ${second}`)).toBeVisible();
  // The card saved with the first car is preselected.
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await expect(page).toHaveURL(sessionUrl(second), { timeout: 20_000 });
  await expect(page.locator('.park-session__plate')).toHaveText(second);

  // Both tickets are in Digital Tickets (two tickets: no auto-continue).
  await page.goto('/parkandpay/digital-tickets');
  await expect(page.getByRole('link', { name: new RegExp(first) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(second) })).toBeVisible();
});

test('a returning driver goes from the lot to an active session in at most three taps; the notice only when it applies', async ({ page }) => {
  // Two visits with a sign-up, a card, a second vehicle: long on a busy machine.
  test.slow();
  const plate = randomPlate();
  const other = randomPlate();
  // First visit: a new account, a vehicle, a card; parked, then the car leaves.
  await newDriverWithVehicle(page, plate);
  await activateWithNewCard(page, plate);
  await leaveTheLot(plate);
  // A second vehicle on the account, added later: with two, only the remembered one skips the choice.
  await page.goto('/my-account/vehicles/add');
  const modal = page.getByRole('dialog', { name: 'Add Vehicle' });
  await modal.getByLabel('License Plate *').fill(other);
  await modal.getByLabel('State *').selectOption('NJ');
  await modal.getByRole('button', { name: 'Save Vehicle' }).tap();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('article', { name: other })).toBeVisible();

  // Next visit, at the lot's screen: count every tap until the session runs.
  await page.goto(`/parkandpay/welcome?location=${LOT_CODE}`);
  await page.waitForLoadState('networkidle');
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.tap();
  };
  await tap(page.getByRole('button', { name: 'Activate Parking' }));
  // The remembered vehicle, the prepaid question answered No, the saved card, and the notice.
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/, { timeout: 30_000 });
  await expect(page.getByText(`Vehicle ${plate}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /ending in 4242/ })).toBeChecked();
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page.getByText('reviewed')).toHaveCount(0);
  await tap(page.getByRole('button', { name: 'Activate Parking' }));
  await expect(page).toHaveURL(sessionUrl(plate), { timeout: 20_000 });
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(warningOf(page)).toHaveCount(0);
  expect(taps).toBeLessThanOrEqual(3);

  // The plate now has a ticket of the driver's at this lot: the notice does not apply, and
  // activating again finds that ticket, with no warning either.
  await page.goto('/parkandpay/reservation-payment');
  await expect(page.getByText(`Vehicle ${plate}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate Parking' })).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  // Yes/No is one radio group: arrow keys choose without leaving the screen; Yes offers the search.
  await page.getByRole('radio', { name: 'No' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await expect(page.getByRole('link', { name: 'Find Reservation' })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await page.getByRole('button', { name: 'Activate Parking' }).tap();
  await expect(page).toHaveURL(sessionUrl(plate));
  await expect(warningOf(page)).toHaveCount(0);
});
