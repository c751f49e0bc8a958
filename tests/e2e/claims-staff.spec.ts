/**
 * The claims desk in the browser (issue 20): a staff account (the same addStaff as `npm run staff
 * -- add`) signs in on /staff, finds an anonymous claim by its plate, opens it with its photo and
 * moves it into review; the customer is mailed (dev outbox). A driver's account sees "Staff only".
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { expect, test } from '@playwright/test';
import { addStaff } from '../../server/staff/staff-accounts.ts';
import { toNewYorkDate } from '../../src/contract/vehicles.ts';
import { newYorkWallTime } from '../../src/contract/claims.ts';
import { latestMessage } from '../support/dev-outbox.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { createEmailAccount } from '../support/emulator-accounts.ts';

async function fileClaim(plate: string, email: string): Promise<string> {
  const locations = (await (await fetch(`${E2E_BASE_URL}/claims/api/locations`)).json()) as { Results: { LocationID: number; LocationNumber: string }[] };
  const day = newYorkWallTime(new Date(Date.now() - 24 * 3_600_000)).slice(0, 10);
  const claim = {
    locationID: locations.Results.find((row) => row.LocationNumber === '1044')?.LocationID, incidentDate: day, reportDate: toNewYorkDate(new Date()), claimNumber: '88001',
    primaryPhone: null, alternatePhone: null, businessPhone: null, emailAddress: email, street: null, city: null, state: null, zipCode: null,
    firstName: 'Casey', lastName: 'Claimant', vehicleVin: null, vehicleState: 'NY', vehicleMake: 'Subaru', vehicleModel: 'Outback', vehicleYear: '2020',
    vehicleColor: 'Green', vehicleMileage: null, vehiclePlate: plate, carBroughtIn: `${day}T08:00:00-05:00`, parkedBy: null, carCalledFor: `${day}T17:30:00-05:00`,
    deliveredBy: null, natureOfClaim: 'Dent', lossDetails: null, accidentDescription: 'A dent in the driver door.', attendantPossesedKeys: true,
    isDamagePhotographed: true, insuranceCompanyName: null, policyNumber: null, policyExpirationDateTime: null, liability: false, comprehensive: false, collision: true,
  };
  const form = new FormData();
  form.set('claim', JSON.stringify(claim));
  const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: { r: 30, g: 120, b: 60 } } }).jpeg().toBuffer();
  form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'door.jpg');
  const response = await fetch(`${E2E_BASE_URL}/claims/api/claims/customers`, { method: 'POST', body: form, headers: { 'Idempotency-Key': `e2e-staff-${plate}` } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { claimNumber: string }).claimNumber;
}

test('a staff member finds a claim, sees its photo and moves it into review; a driver is kept out', async ({ page, browser }) => {
  const staffEmail = `desk-${randomBytes(4).toString('hex')}@example.com`;
  await createEmailAccount({ email: staffEmail, password: 'desk-secret-1' });
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] ??= '127.0.0.1:9099';
  await addStaff(getAuth(getApps()[0] ?? initializeApp({ projectId: 'demo-parkfair' })), staffEmail);
  const plate = `ST${randomBytes(3).toString('hex').toUpperCase()}`;
  const customerEmail = `casey-${randomBytes(4).toString('hex')}@example.com`;
  const claimNumber = await fileClaim(plate, customerEmail);

  await page.goto('/staff');
  await page.getByLabel('Email Address').fill(staffEmail);
  await page.getByLabel('Password').fill('desk-secret-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Claims' })).toBeVisible();
  await page.getByRole('searchbox').fill(plate.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 claim$/ })).toBeVisible();
  await page.getByRole('link', { name: claimNumber }).click();

  await expect(page.getByRole('heading', { name: `Claim ${claimNumber}` })).toBeVisible();
  const photo = page.getByRole('img', { name: 'Claim photo 1' });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1000);
  await page.getByLabel(/^Note to the customer/).fill('We are checking the garage camera.');
  await page.getByRole('button', { name: 'Mark in review' }).click();
  await expect(page.getByText('Status changed and the customer was emailed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark closed' })).toBeVisible();
  await expect(page.getByText(/Received → In review by/)).toBeVisible();
  const mail = await latestMessage(customerEmail, 'claim-status');
  expect(mail.text).toContain(`Your claim ${claimNumber} (incident on`);
  expect(mail.text).toContain('is now in review.');
  expect(mail.text).toContain('We are checking the garage camera.');

  // A driver's account (no staff claim) is told the pages are for staff.
  const driverContext = await browser.newContext();
  const driverPage = await driverContext.newPage();
  const driverEmail = `driver-${randomBytes(4).toString('hex')}@example.com`;
  await createEmailAccount({ email: driverEmail, password: 'driver-secret-1' });
  await driverPage.goto('/staff');
  await driverPage.getByLabel('Email Address').fill(driverEmail);
  await driverPage.getByLabel('Password').fill('driver-secret-1');
  await driverPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(driverPage.getByRole('heading', { name: 'Staff only' })).toBeVisible();
  await expect(driverPage.getByText('This page is for ParkFair staff. Sign in with a staff account.')).toBeVisible();
  await driverContext.close();
});
