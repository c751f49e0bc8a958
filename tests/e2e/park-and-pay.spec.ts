/**
 * Pay by plate end to end (issue 5 item 7, spec 3 §2, §4): real Chromium, the real server on the
 * embedded database and the Auth emulator. A new driver registers from the park-and-pay sign-in,
 * adds a vehicle, reads the minimum-rate notice on the activation screen (no popup, decision
 * 0111), enrolls a test card, activates parking, sees the session and the exit pass, then reloads
 * offline and still sees the pass, also when opened from the home-screen start URL through Digital Tickets; Logout clears the device's copies.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { fillCard, fillVehicle } from '../support/park-and-pay-forms.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';

const LOT_CODE = '1044';

const randomPlate = () => `PF${randomBytes(3).toString('hex').toUpperCase()}`;

test.beforeEach(({ page }) => prepareDriverContext(page));

/** Registers a new phone account through the park-and-pay sign-in (the redirect brings the driver back). */
function registerFromParkAndPay(page: Page, phone: string) {
  return registerNewPhoneAccount(page, /\/parkandpay\/sign-in\?redirect=/, { phone, emailPrefix: 'pp', firstName: 'Pat', lastName: 'Driver' });
}

async function addVehicleByTyping(page: Page, plate: string) {
  // No vehicles → scan-license; with no camera in this browser the typed form opens at once.
  await expect(page).toHaveURL(/\/parkandpay\/enter-vehicle-info/, { timeout: 30_000 });
  // Every rule shows the spec's text before anything is sent.
  await page.getByRole('button', { name: 'Save Vehicle' }).click();
  await expect(page.getByText('Error: License Plate field is required')).toBeVisible();
  // Typed in lower case, shown upper-cased.
  await page.getByLabel('License Plate *').fill(plate.toLowerCase());
  await expect(page.getByLabel('License Plate *')).toHaveValue(plate);
  await fillVehicle(page, plate);
}

/** Lot code → Activate Parking → registration → a typed vehicle, ending on the activation screen. */
async function activateAsNewDriver(page: Page, plate: string) {
  await page.goto(`/parkandpay/welcome?location=${LOT_CODE}`);
  await page.getByRole('button', { name: 'Activate Parking' }).click();
  await registerFromParkAndPay(page, randomPhone());
  await addVehicleByTyping(page, plate);
  await expect(page.getByText('Do you have a prepaid reservation?')).toBeVisible();
}

/** No ticket of the driver's for the plate at the lot: the notice was on the screen, and no popup comes. */
async function expectSessionWithoutPopup(page: Page, plate: string) {
  await expect(page).toHaveURL(new RegExp(`/parkandpay/session\\?licensePlate=${plate}`), { timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: 'License Plate Warning' })).toHaveCount(0);
}

test('lot code, sign-in, add vehicle, card, the notice, session, exit pass offline', async ({ page, context }) => {
  // The whole first visit, two card attempts, offline reloads and Logout: long on a busy machine.
  test.slow();
  const phone = randomPhone();
  const plate = randomPlate();

  await page.goto('/parkandpay/welcome');
  await page.getByLabel('Enter the lot code posted at the entrance').fill('99-99');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alertdialog').getByText('Location not found')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Enter the lot code posted at the entrance').fill(LOT_CODE);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Lot code ${LOT_CODE}`)).toBeVisible();
  await page.getByRole('button', { name: 'Activate Parking' }).click();

  await registerFromParkAndPay(page, phone);
  await addVehicleByTyping(page, plate);

  await expect(page.getByText('Do you have a prepaid reservation?')).toBeVisible();
  // One screen: the prepaid question (No chosen), the notice in plain words, the card.
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(page.getByText("You pay this lot's minimum rate when you leave")).toBeVisible();

  // A declined card shows the processor's message and saves nothing.
  await page.getByLabel('Name on card *').fill('Pat Driver');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Save Card and Activate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save Card and Activate' }).click();
  await expectSessionWithoutPopup(page, plate);

  await expect(page).toHaveURL(new RegExp(`/parkandpay/session\\?licensePlate=${plate}`));
  await expect(page.getByRole('timer')).toHaveText(/^\d{2}:\d{2}h:mm$/);
  await expect(page.getByText('Total cost to be determined at exit')).toBeVisible();
  await page.getByRole('button', { name: 'Show Exit Pass' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();

  // Offline: the session and the exit pass open from the device's copy.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Show Exit Pass' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(page.getByText(/offline · last updated \d{2}:\d{2}/)).toBeVisible();
  // From the home-screen icon (the manifest's start URL), still offline: menu › Digital Tickets › the pass.
  await page.goto('/?source=pwa');
  // The menu opens with My Account expanded for a signed-in driver.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Digital Tickets' }).click();
  // One ticket and no passes: Digital Tickets goes straight on to its session (spec 3 §2).
  await expect(page).toHaveURL(new RegExp(`/parkandpay/session\\?licensePlate=${plate}$`));
  await page.getByRole('button', { name: 'Show Exit Pass' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await context.setOffline(false);

  // Logout takes the device's copies of the pass with the rest of the driver's data.
  const devicePasses = () =>
    page.evaluate(async () => {
      const stored = await new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('pf-offline');
        open.onsuccess = () => {
          const count = open.result.transaction('exit-passes').objectStore('exit-passes').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
        open.onerror = () => reject(open.error);
      });
      return { stored, kept: window.localStorage.getItem('pf-exit-pass-qr') !== null };
    });
  await expect.poll(devicePasses).toEqual({ stored: 1, kept: true });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(devicePasses).toEqual({ stored: 0, kept: false });
});

test('an aggregator reservation is found for real and applied before activation', async ({ page }) => {
  const plate = randomPlate();
  await activateAsNewDriver(page, plate);
  // Yes is a choice, not a jump: it offers Find Reservation.
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await page.getByRole('link', { name: 'Find Reservation' }).click();
  await expect(page).toHaveURL(/\/parkandpay\/find-reservation/);
  await page.getByRole('button', { name: 'Find Reservation' }).click();
  await expect(page.getByRole('alertdialog').getByText('Please select a service and enter a reservation number')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  // Seeded ParkWhiz reservation at lot 1044, checked in 3 hours ago for 6 hours (server/parking-system/seed.ts).
  await page.getByLabel('Service').selectOption('ParkWhiz');
  await page.getByLabel('Reservation number').fill('1187342056');
  await page.getByRole('button', { name: 'Find Reservation' }).click();
  await expect(page).toHaveURL(/\/parkandpay\/reservation-found/);
  await expect(page.getByText('$24.00')).toBeVisible();
  await expect(page.getByText('Your reservation covers this parking session.')).toBeVisible();
  await page.getByRole('link', { name: 'Apply Reservation' }).click();
  await expect(page.getByText('prepaid $24.00 payment')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await page.getByLabel('Name on card *').fill('Pat Driver');
  await fillCard(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Save Card and Activate' }).click();
  await expectSessionWithoutPopup(page, plate);
  await expect(page.getByText('Total cost to be determined at exit')).toBeVisible();
});
