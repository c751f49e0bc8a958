/**
 * Vehicles end to end (issue 5 items 2 and 7, spec 2 §2–§5 and §8, spec 3 §2 and §5): real
 * Chromium against the real server, the embedded database and the Auth emulator.
 *
 * - On a phone: a new driver activates parking at a lot with no vehicle, the fake camera shows a
 *   car whose plate the recogniser reads (tests/fixtures/plates/made/us-009-ny.jpg, GGN5493),
 *   the driver confirms it, adds the state (year, make, model and colour are optional) and saves;
 *   the new vehicle is the one parked.
 * - On a desktop: My Account › Vehicles with the Add/Edit Vehicle modal — validation texts,
 *   add, the duplicate-plate message, edit, remove — and the single park-and-pay form.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';
import { REPO_ROOT } from '../support/e2e-env.ts';

const LOT_CODE = '1044';
/** A made NY plate at 640×480 that the recogniser reads exactly (tests/fixtures/plates/made/manifest.tsv). */
const PLATE_PHOTO = path.join(REPO_ROOT, 'tests/fixtures/plates/made/us-009-ny.jpg');
const PHOTO_PLATE = 'GGN5493';
const PHONE = { width: 390, height: 844 };
const CAMERA_DIR = path.join(REPO_ROOT, '.tmp/e2e/plate-cameras');
const DESKTOP = { width: 1280, height: 800 };

/** The plate photo as a one-frame Y4M that Chromium's fake camera loops (TOOLCHAIN.md "Fake camera"). */
function plateCamera(): string {
  mkdirSync(CAMERA_DIR, { recursive: true });
  const video = path.join(CAMERA_DIR, `plate-${randomBytes(4).toString('hex')}.y4m`);
  const fit = 'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p';
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', PLATE_PHOTO, '-vf', fit, '-frames:v', '1', video]);
  return video;
}

const errorText = (page: Page, message: string) => page.getByText(`Error: ${message}`, { exact: true });

test('phone: add a vehicle by camera scan, saved with its plate and state (details optional), then park with it', async ({ driverPage }) => {
  const camera = plateCamera();
  const page = await driverPage({ cameraVideo: camera, context: { viewport: PHONE, hasTouch: true } });

  await page.goto(`/parkandpay/welcome?location=${LOT_CODE}`);
  await page.getByRole('button', { name: 'Activate Parking' }).click();
  await registerNewPhoneAccount(page, /\/parkandpay\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'scan', firstName: 'Sam', lastName: 'Scanner' });

  // No vehicles → the scan-license screen with the camera live; two agreeing frames → confirm.
  await expect(page).toHaveURL(/\/parkandpay\/scan-license/, { timeout: 20_000 });
  await expect(page.getByText('No Vehicles found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Is this your plate?' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('License plate', { exact: true })).toHaveValue(PHOTO_PLATE);
  await page.getByRole('button', { name: 'Confirm plate' }).click();

  // The first screen: plate (prefilled) and state, with Save — year, make, model and colour are
  // optional (decision 0111), one tap away.
  await expect(page).toHaveURL(new RegExp(`/parkandpay/enter-vehicle-info\\?.*licensePlate=${PHOTO_PLATE}`));
  await expect(page.getByText('Your plate')).toBeVisible();
  await expect(page.getByLabel('License Plate *')).toHaveValue(PHOTO_PLATE);
  await expect(page.getByLabel('Year (optional)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Vehicle' }).click();
  await expect(errorText(page, 'State field is required')).toBeVisible();
  await expect(page.getByText(/Vehicle (Year|Make|Model|Color) field is required/)).toHaveCount(0);
  // The state list is searchable; in the US by abbreviation too (one match is chosen at once).
  await page.getByLabel('Search states').fill('ny');
  await expect(page.getByLabel('State *')).toHaveValue('NY');

  // The optional details (the year has 95 choices). Back keeps what the first screen holds.
  await page.getByRole('button', { name: 'Add year, make, model, color' }).click();
  await expect(page.getByText('Vehicle details (optional)')).toBeVisible();
  await expect(page.getByLabel('Year (optional)').locator('option:not([value=""])')).toHaveCount(95);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Your plate')).toBeVisible();
  await expect(page.getByLabel('License Plate *')).toHaveValue(PHOTO_PLATE);
  await expect(page.getByLabel('State *')).toHaveValue('NY');
  await page.getByRole('button', { name: 'Add year, make, model, color' }).click();
  await page.getByLabel('Year (optional)').selectOption('2019');
  await expect(page.getByLabel('Make (optional)').locator('option', { hasText: 'Toyota' })).toBeAttached();
  await page.getByLabel('Make (optional)').selectOption('Toyota');
  await page.getByRole('button', { name: 'Save Vehicle' }).click();

  // Saved: the new vehicle is the one being parked, on the one activation screen.
  await expect(page).toHaveURL(/\/parkandpay\/reservation-payment/);
  await expect(page.getByText('Do you have a prepaid reservation?')).toBeVisible();
  await expect(page.getByText(`Vehicle ${PHOTO_PLATE}`)).toBeVisible();
  await page.goto('/parkandpay/vehicles');
  await expect(page.getByRole('radio', { name: new RegExp(PHOTO_PLATE) })).toBeChecked();
});

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(({ context }) => prepareDriverContext(context));

  test('My Account › Vehicles: validation, add, duplicate plate, edit, remove', async ({ page }) => {
    // Add, duplicate, edit, offline, remove and a plate-only vehicle: long on a busy machine.
    test.slow();
    await page.goto('/my-account/vehicles');
    await registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'veh', firstName: 'Vera', lastName: 'Owner' });
    await expect(page).toHaveURL(/\/my-account\/vehicles$/, { timeout: 20_000 });
    await expect(page.getByText('You have no vehicles on your account yet.')).toBeVisible();

    // Add: an accessible modal with every rule's text.
    await page.getByRole('link', { name: 'Add Vehicle' }).click();
    await expect(page).toHaveURL(/\/my-account\/vehicles\/add$/);
    const modal = page.getByRole('dialog', { name: 'Add Vehicle' });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Vehicle Type *').locator('option')).toHaveText(['Car/Truck', 'Motorcycle/Scooter', 'Bicycle', 'Van', 'SUV', 'Pickup Truck']);
    await modal.getByLabel('This is a rental vehicle').check();
    await modal.getByRole('button', { name: 'Save Vehicle' }).click();
    for (const message of ['License Plate field is required', 'State field is required', 'Removal Date is required']) {
      await expect(errorText(page, message)).toBeVisible();
    }
    // Year, make, model and colour are optional (decision 0111).
    await expect(page.getByText(/Vehicle (Year|Make|Model|Color) field is required/)).toHaveCount(0);
    await expect(modal.getByLabel('License Plate *')).toBeFocused();
    // Spaces and dashes are how plates are written (they are dropped); other characters are refused.
    await modal.getByLabel('License Plate *').fill('nj#482');
    await modal.getByRole('button', { name: 'Save Vehicle' }).click();
    await expect(errorText(page, 'License Plate must contain only letters and numbers')).toBeVisible();
    await modal.getByLabel('Removal Date *').fill('2020-01-01');
    await modal.getByRole('button', { name: 'Save Vehicle' }).click();
    await expect(errorText(page, 'Removal Date cannot be before today')).toBeVisible();
    await modal.getByLabel('This is a rental vehicle').uncheck();

    await modal.getByLabel('License Plate *').fill('njk4821');
    await expect(modal.getByLabel('License Plate *')).toHaveValue('NJK4821');
    await modal.getByLabel('Search states').fill('jersey');
    await expect(modal.getByLabel('State *')).toHaveValue('NJ');
    await modal.getByLabel('Make (optional)').selectOption('Honda');
    await modal.getByLabel('Model (optional)').selectOption('Civic');
    await modal.getByLabel('Color (optional)').selectOption('Blue');
    await expect(modal.getByLabel('Year (optional)').locator('option:not([value=""])')).toHaveCount(95);
    await modal.getByLabel('Year (optional)').selectOption('2021');
    await modal.getByLabel('Nickname').fill('Family car');
    await modal.getByRole('button', { name: 'Save Vehicle' }).click();

    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/my-account\/vehicles$/);
    const card = page.getByRole('article', { name: 'Family car' });
    await expect(card).toContainText('NJK4821');
    await expect(card).toContainText('New Jersey (NJ)');
    await expect(card).toContainText('2021 Honda Civic · Blue');

    // Escape closes the modal and returns to the list.
    await page.getByRole('link', { name: 'Add Vehicle' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Vehicle' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/my-account\/vehicles$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The same plate in the same state again: the spec's duplicate message, with a way to contact us.
    await page.getByRole('link', { name: 'Add Vehicle' }).click();
    const again = page.getByRole('dialog', { name: 'Add Vehicle' });
    await again.getByLabel('License Plate *').fill('NJK4821');
    await again.getByLabel('State *').selectOption('NJ');
    await again.getByLabel('Make (optional)').selectOption('Toyota');
    await again.getByLabel('Model (optional)').selectOption('Corolla');
    await again.getByLabel('Color (optional)').selectOption('Red');
    await again.getByLabel('Year (optional)').selectOption('2018');
    await again.getByRole('button', { name: 'Save Vehicle' }).click();
    const duplicate = page.getByRole('alertdialog', { name: 'Error' });
    await expect(duplicate).toContainText('A vehicle with this license plate is already registered. If you believe this is an error, please contact us for assistance.');
    await expect(duplicate.getByRole('link', { name: 'Contact us' })).toBeVisible();
    await duplicate.getByRole('button', { name: 'OK' }).click();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('list', { name: 'Your vehicles' }).getByRole('listitem')).toHaveCount(1);

    // Edit: the modal opens with the saved values; the change shows on the list.
    await page.getByRole('link', { name: 'Edit NJK4821' }).click();
    await expect(page).toHaveURL(/\/my-account\/vehicles\/edit\/\d+$/);
    const edit = page.getByRole('dialog', { name: 'Edit Vehicle' });
    await expect(edit.getByLabel('License Plate *')).toHaveValue('NJK4821');
    await expect(edit.getByLabel('State *')).toHaveValue('NJ');
    await expect(edit.getByLabel('State *').locator('option:checked')).toHaveText('New Jersey');
    await expect(edit.getByLabel('Model (optional)')).toHaveValue('Civic');
    await edit.getByLabel('Color (optional)').selectOption('Red');
    await edit.getByRole('button', { name: 'Save Vehicle' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('article', { name: 'Family car' })).toContainText('2021 Honda Civic · Red');

    // Offline: the list stays (the device's copy) and a save is refused with the network alert, not lost silently.
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Edit NJK4821' }).click();
    const offlineEdit = page.getByRole('dialog', { name: 'Edit Vehicle' });
    await offlineEdit.getByLabel('Nickname').fill('Offline name');
    await offlineEdit.getByRole('button', { name: 'Save Vehicle' }).click();
    const network = page.getByRole('alertdialog', { name: 'Network Problem' });
    await expect(network).toContainText('Your device appears to be offline. Please enable your network connection and try again.');
    await network.getByRole('button', { name: 'OK' }).click();
    await offlineEdit.getByRole('button', { name: 'Cancel' }).click();
    await page.context().setOffline(false);
    await expect(page.getByRole('article', { name: 'Family car' })).toBeVisible();

    // Remove, after a confirmation; Cancel keeps it.
    await page.getByRole('button', { name: 'Remove NJK4821' }).click();
    await page.getByRole('alertdialog', { name: 'Remove Vehicle' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('article', { name: 'Family car' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove NJK4821' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Vehicle' });
    await expect(confirm).toContainText('NJK4821');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('You have no vehicles on your account yet.')).toBeVisible();

    // A vehicle saved with its plate and state only reads sensibly on the list.
    await page.getByRole('link', { name: 'Add Vehicle' }).click();
    const plateOnly = page.getByRole('dialog', { name: 'Add Vehicle' });
    await plateOnly.getByLabel('License Plate *').fill('PLT0NLY');
    await plateOnly.getByLabel('State *').selectOption('NY');
    await plateOnly.getByRole('button', { name: 'Save Vehicle' }).click();
    await expect(plateOnly).toBeHidden();
    const bare = page.getByRole('article', { name: 'PLT0NLY' });
    await expect(bare).toContainText('New York (NY)');
    await expect(bare).toContainText('No details yet (year, make, model and color are optional)');
    await expect(bare).not.toContainText('null');

    // The park-and-pay add-vehicle screen is one form on a wide screen (the wizard is for phones).
    await page.goto('/parkandpay/enter-vehicle-info?licensePlate=wide1');
    await expect(page.getByLabel('License Plate *')).toHaveValue('WIDE1');
    await expect(page.getByLabel('Year (optional)')).toBeVisible();
    await expect(page.getByLabel('Color (optional)')).toBeVisible();
    await expect(page.getByText('Your plate')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Vehicle' })).toBeVisible();
  });
});
