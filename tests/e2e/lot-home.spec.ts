/**
 * The lot on a phone (issue 22 items 7 and 9): the home page and the home-screen start URL put
 * the lot first on a 360 × 640 touch screen — Pay by Plate, Scan Ticket and Retrieve Vehicle
 * above the fold with no car parked; "Your car at … · Show Exit Pass" first for demo driver Dana
 * (ticket PF7K2QX, plate DEMO123, at 123 W 44th St), one tap to the pass, online and offline.
 * Typed input is forgiving and gets the right message: ticket numbers with spaces, dashes, lower
 * case or in groups of four; plates as printed; lot codes that name no garage.
 * Real Chromium, the real server on a fresh database, the Auth emulator.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { signInWithPhone } from '../support/phone-sign-up.ts';
import { waitForServiceWorkerControl } from '../support/service-worker.ts';

const PHONE = { width: 360, height: 640 };
const DANA_PHONE = '+12125550101';
const DANA_GARAGE = '123 W 44th St';
const DANA_PLATE = 'DEMO123';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
test.beforeEach(({ context }) => prepareDriverContext(context));

/** Fully inside the first screen: nothing to scroll to. */
async function expectAboveTheFold(target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box, 'rendered').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
}

const lotAction = (page: Page, name: string) => page.getByRole('navigation', { name: 'Lot' }).getByRole('link', { name });
// "Your car at 123 W 44th St · Show Exit Pass" (the dot is not read out).
const carCard = (page: Page) => page.getByRole('link', { name: new RegExp(`^Your car at ${DANA_GARAGE} Show Exit Pass$`) });
const exitPassQr = (page: Page) => page.getByRole('img', { name: /QR code/ });

test('with no car parked, the start URL shows Pay by Plate, Scan Ticket and Retrieve Vehicle above the fold, search below', async ({ page }) => {
  await page.goto('/?source=pwa');
  for (const name of ['Pay by Plate', 'Scan Ticket', 'Retrieve Vehicle']) await expectAboveTheFold(lotAction(page, name));
  await expect(page.getByRole('link', { name: /^Your car at/ })).toHaveCount(0);
  const search = await page.getByRole('search').boundingBox();
  const lastAction = await lotAction(page, 'Retrieve Vehicle').boundingBox();
  expect(search!.y).toBeGreaterThan(lastAction!.y + lastAction!.height);

  // Each leads where the menu's links do (spec 3 §2).
  await lotAction(page, 'Pay by Plate').tap();
  await expect(page).toHaveURL(/\/parkandpay\/welcome$/);
  await page.goBack();
  await lotAction(page, 'Scan Ticket').tap();
  await expect(page).toHaveURL(/\/leavefast\/scan$/);
  await page.goBack();
  await lotAction(page, 'Retrieve Vehicle').tap();
  await expect(page).toHaveURL(/\/retrieve-car$/);
});

test("Dana's car comes first, one tap opens the exit pass, and so it does offline from the start URL", async ({ page, context }) => {
  // Digital Tickets after sign-in saves her tickets on the device, as any visit there does.
  await page.goto('/parkandpay/sign-in?redirect=%2Fparkandpay%2Fdigital-tickets');
  await signInWithPhone(page, DANA_PHONE, { emailIfAsked: `dana-${Date.now()}@example.com` });
  await expect(page).toHaveURL(/\/parkandpay\/(digital-tickets|session)/);
  await expect(page.getByText(DANA_PLATE).first()).toBeVisible();

  await page.goto('/?source=pwa');
  await expectAboveTheFold(carCard(page));
  // First: above the lot buttons.
  const card = await carCard(page).boundingBox();
  const payByPlate = await lotAction(page, 'Pay by Plate').boundingBox();
  expect(card!.y).toBeLessThan(payByPlate!.y);
  await carCard(page).tap();
  await expect(page).toHaveURL(new RegExp(`/parkandpay/session\\?licensePlate=${DANA_PLATE}&show=pass$`));
  await expect(exitPassQr(page)).toBeVisible();

  // No signal: the start URL comes from the worker, the card from the saved copy, the pass from the device.
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  const start = await page.goto('/?source=pwa');
  expect(start?.fromServiceWorker()).toBe(true);
  await expectAboveTheFold(carCard(page));
  await carCard(page).tap();
  await expect(exitPassQr(page)).toBeVisible();
  await context.setOffline(false);
});

test('typed ticket numbers are forgiving and never get a QR Code message', async ({ page }) => {
  const entry = () => page.getByLabel('Ticket number');
  const submit = () => page.locator('main').getByRole('button', { name: 'Continue' }).click();

  for (const typed of [' R4T 9WX ', 'R4T-9WX', 'r4t9wx']) {
    await page.goto('/retrieve-car');
    await entry().fill(typed);
    await submit();
    await expect(page).toHaveURL(/\/retrieve-car\/R4T9WX$/);
  }

  // A 23-digit number typed in groups of four is not cut by the box.
  await page.goto('/leavefast');
  await entry().pressSequentially('1044 2611 2300 0100 4821 001');
  await expect(entry()).toHaveValue('1044 2611 2300 0100 4821 001');
  await submit();
  await expect(page).toHaveURL(/\/leavefast\/choose\/10442611230001004821001$/);

  await page.goto('/retrieve-car');
  await submit();
  await expect(page.getByText('Error: Ticket Number field is required')).toBeVisible();
  await entry().fill('ABCDE');
  // The message is about what was typed: editing clears it.
  await expect(page.getByText('Error: Ticket Number field is required')).toBeHidden();
  await submit();
  await expect(page.getByText('Error: A ticket number is 23 digits or 6 to 7 letters and digits.')).toBeVisible();
  await expect(page.getByText(/Invalid QR Code|QR Code is|length of QR Code/)).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('plates typed as printed are read as plates; a lot code that names no garage says "Location not found"', async ({ page }) => {
  // R4T9WX is LMN4567's ticket (server/parking-system/README.md).
  await page.goto('/retrieve-car/R4T9WX');
  const plate = page.getByLabel('License plate');
  await plate.fill('lmn 4567');
  await page.getByRole('button', { name: 'Check Plate' }).click();
  await expect(page.getByText(/must contain only letters and numbers/)).toHaveCount(0);
  await expect(page.getByTestId('plate-warning')).toHaveCount(0);
  await plate.fill('abc-1234');
  await page.getByRole('button', { name: 'Check Plate' }).click();
  // Another car's plate: the mismatch popup, not a format error.
  await expect(page.getByTestId('plate-warning')).toContainText("We couldn't find a license plate match");
  await expect(page.getByText(/must contain only letters and numbers/)).toHaveCount(0);

  await page.goto('/parkandpay/welcome');
  await page.getByLabel('Enter the lot code posted at the entrance').fill('99999999');
  await page.locator('main').getByRole('button', { name: 'Continue' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert.getByText('Location not found')).toBeVisible();
  await expect(alert.getByText(/Invalid param/)).toHaveCount(0);
});
