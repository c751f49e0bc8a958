/** Form steps the park-and-pay specs share: a typed vehicle and a test card. */
import { expect, type Page } from '@playwright/test';

/** Fills the add-vehicle form on /parkandpay/enter-vehicle-info with a blue Toyota Camry, NY plate (details optional), and saves. */
export async function fillVehicle(page: Page, plate: string) {
  await expect(page).toHaveURL(/\/parkandpay\/enter-vehicle-info/);
  await page.getByLabel('License Plate *').fill(plate);
  await page.getByLabel('State *').selectOption('NY');
  // Make and model become pick-lists once the lists have loaded (free text until then).
  await expect(page.getByLabel('Make (optional)').locator('option', { hasText: 'Toyota' })).toBeAttached();
  await page.getByLabel('Make (optional)').selectOption('Toyota');
  await expect(page.getByLabel('Model (optional)').locator('option', { hasText: 'Camry' })).toBeAttached();
  await page.getByLabel('Model (optional)').selectOption('Camry');
  await page.getByLabel('Color (optional)').selectOption('Blue');
  await page.getByLabel('Year (optional)').selectOption({ index: 3 });
  await page.getByRole('button', { name: 'Save Vehicle' }).click();
}

/** A test card with a future expiry (the built-in processor follows Stripe's test numbers). */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number *').fill(number);
  await page.getByLabel('Expiry date *').fill('12/34');
  await page.getByLabel('CVC *').fill('123');
  await page.getByLabel('ZIP Code *').fill('10036');
}

/**
 * A vehicle through the phone wizard on /parkandpay/enter-vehicle-info (below 576 px): the plate and
 * state, saved from the first screen — year, make, model and colour are optional (decision 0111).
 */
export async function fillVehicleWizard(page: Page, plate: string) {
  await expect(page).toHaveURL(/\/parkandpay\/enter-vehicle-info/, { timeout: 20_000 });
  await expect(page.getByText('Your plate')).toBeVisible();
  await page.getByLabel('License Plate *').fill(plate);
  await page.getByLabel('State *').selectOption('NY');
  await page.getByRole('button', { name: 'Save Vehicle' }).click();
}
