/**
 * The plate scanner invents no plate (issue 22 item 10): a driver adding a vehicle points the
 * camera at a ticket QR code instead of a plate. Real Chromium, the real server and its plate
 * reader: no "Is this your plate?" with a made-up plate; the screen says no plate was found and
 * offers typing, and "Use this frame" on the QR leaves the plate field empty.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeQrCamera } from '../fixtures/qr/qr-frames.ts';
import { expect, test } from '../support/driver-browser.ts';
import { REPO_ROOT } from '../support/e2e-env.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';

const LOT_CODE = '1044';
const CAMERA_DIR = path.join(REPO_ROOT, '.tmp/e2e/plate-cameras');

test('pointed at a QR code, the plate scanner finds no plate and offers typing', async ({ driverPage }) => {
  mkdirSync(CAMERA_DIR, { recursive: true });
  const camera = path.join(CAMERA_DIR, `qr-not-a-plate-${process.pid}.y4m`);
  await writeQrCamera(camera, 'https://tickets.example/t/12345678901234567890123', 260, 0);
  const page = await driverPage({ cameraVideo: camera, context: { viewport: { width: 390, height: 844 }, hasTouch: true } });

  await page.goto(`/parkandpay/welcome?location=${LOT_CODE}`);
  await page.getByRole('button', { name: 'Activate Parking' }).click();
  await registerNewPhoneAccount(page, /\/parkandpay\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'noplate', firstName: 'Quinn', lastName: 'Code' });
  await expect(page).toHaveURL(/\/parkandpay\/scan-license/, { timeout: 20_000 });

  // Several frames are read (~2 a second) and none gives a plate.
  await expect(page.getByText('No license plate found yet. Point the camera at the plate, or type it instead.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Is this your plate?' })).toHaveCount(0);

  // Forcing this frame: the confirm step says no plate was found and proposes none.
  await page.getByRole('button', { name: 'Use this frame' }).click();
  await expect(page.getByRole('heading', { name: 'No plate found' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('We could not find a plate in this frame. Retake or type it instead.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Is this your plate?' })).toHaveCount(0);
  await expect(page.getByLabel('License plate', { exact: true })).toHaveValue('');
  await expect(page.getByRole('group', { name: 'Or did you mean' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Type it instead' }).click();
  await expect(page).toHaveURL(/\/parkandpay\/enter-vehicle-info/);
  await expect(page.getByLabel('License Plate *')).toHaveValue('');
});
