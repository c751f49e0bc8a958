/**
 * The customer claim report (issue 20), anonymous, in Chromium against the real server:
 * - a claim with two photos, the page reloaded midway: what was typed and both photos are still
 *   there (IndexedDB), and the claim arrives with both photos;
 * - Submit with no network: the claim waits on the device, and is sent once when the network is
 *   back (the page's online event and the worker's Background Sync race for it), answered with the
 *   received message and the claim number;
 * - a file typed as a JPEG that is not one by its bytes: the server's refusal is shown, nothing is
 *   stored, the draft (and the message) survive a reload, and without that file the claim is filed.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page, type Response } from '@playwright/test';
import { toNewYorkDate } from '../../src/contract/vehicles.ts';
import { CLAIM_MESSAGES, newYorkWallTime } from '../../src/contract/claims.ts';
import { E2E_DATA_DIR } from '../support/e2e-env.ts';
import { waitForServiceWorkerControl } from '../support/service-worker.ts';

const RECEIVED = 'Your information has been received. Please call (212) 555-0100 for more information.';
const yesterday = () => new Date(Date.now() - 24 * 3_600_000);

async function photo(red: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: red, g: 60, b: 60 } } }).jpeg().toBuffer();
  return { name: `damage-${red}.jpg`, mimeType: 'image/jpeg', buffer };
}

async function fillRequired(page: Page, claimNumber: string) {
  const location = page.getByLabel('Location *');
  await expect(location.locator('option', { hasText: '1044 ·' })).toHaveCount(1);
  const value = await location.locator('option', { hasText: '1044 ·' }).getAttribute('value');
  await location.selectOption(value ?? '');
  await page.getByLabel('Claim Number *').fill(claimNumber);
  await page.getByLabel('Incident Date *').fill(toNewYorkDate(yesterday()));
  await page.getByLabel('Report Date *').fill(toNewYorkDate(new Date()));
  await page.getByLabel('First Name *').fill('Pat');
  await page.getByLabel('Last Name *').fill('Driver');
}

async function fillParking(page: Page) {
  const day = newYorkWallTime(yesterday()).slice(0, 10);
  await page.getByLabel('Car Brought In *').fill(`${day}T09:15`);
  await page.getByLabel('Car Called For *').fill(`${day}T18:40`);
  await page.getByRole('group', { name: 'Did the attendant have your keys? *' }).getByLabel('Yes').check();
  await page.getByRole('group', { name: 'Was the damage photographed? *' }).getByLabel('Yes').check();
}

/** Each stored claim with photos is a folder of the object store (server/claims/object-store.ts). */
const claimFolders = (): Promise<string[]> => readdir(path.join(E2E_DATA_DIR, 'objects', 'claims')).catch(() => []);

const isClaimPost = (response: Response) => response.request().method() === 'POST' && response.url().endsWith('/claims/api/claims/customers');

test('a claim with two photos survives a reload midway and arrives with both photos', async ({ page }) => {
  await page.goto('/incidentreport');
  await expect(page.getByRole('heading', { name: 'Customer Claim Report' })).toBeVisible();

  // Submit with nothing filled: every required field says so, with the summary.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Error: Form is not valid. Please fill all required fields to continue.')).toBeVisible();
  await expect(page.getByText('Error: Location field is required')).toBeVisible();
  await expect(page.getByText('Error: Car Called For field is required')).toBeVisible();
  await expect(page.getByText('Error: Field is required')).toHaveCount(2);

  await fillRequired(page, 'E20417');
  await page.getByLabel('Primary Phone').fill('555');
  await page.locator('input[type=file][name=photos]').setInputFiles([await photo(200), await photo(120)]);
  await expect(page.getByRole('img', { name: /^Photo \d: damage-/ })).toHaveCount(2);

  await page.reload();
  await expect(page.getByLabel('First Name *')).toHaveValue('Pat');
  await expect(page.getByLabel('Claim Number *')).toHaveValue('E20417');
  await expect(page.getByRole('img', { name: /^Photo \d: damage-/ })).toHaveCount(2);

  await fillParking(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Error: Primary Phone field is invalid')).toBeVisible();
  await page.getByLabel('Primary Phone').fill('(212) 555-0142');

  const answer = page.waitForResponse(isClaimPost);
  await page.getByRole('button', { name: 'Submit' }).click();
  const receipt = (await (await answer).json()) as { claimId: number; photoCount: number; claimNumber: string };
  expect(receipt).toMatchObject({ photoCount: 2, claimNumber: 'E20417' });
  await expect(page.getByText(CLAIM_MESSAGES.saved)).toBeVisible();
  await expect(page.getByText(RECEIVED)).toBeVisible();
  await expect(page.getByText('Claim number: E20417')).toBeVisible();

  // Both photos and their staff copies are in the object store; the draft is gone from the device.
  const folders = await claimFolders();
  const files = (await Promise.all(folders.map((folder) => readdir(path.join(E2E_DATA_DIR, 'objects', 'claims', folder))))).flat();
  expect(files.filter((name) => /^[12]-(original|viewing)$/.test(name)).length).toBeGreaterThanOrEqual(4);
  await page.reload();
  await expect(page.getByLabel('First Name *')).toHaveValue('');
});

test('a photo that is not an image by its bytes is refused with a clear message, nothing is stored and nothing typed is lost', async ({ page }) => {
  await page.goto('/incidentreport');
  await fillRequired(page, '40233');
  await fillParking(page);
  // Named and typed as a JPEG, so the form takes it; the server reads its bytes.
  const notAPhoto = { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7 a scanned receipt, not a photo') };
  await page.locator('input[type=file][name=photos]').setInputFiles([await photo(60), notAPhoto]);
  await expect(page.getByRole('img', { name: /^Photo \d: / })).toHaveCount(2);
  const before = await claimFolders();

  const answer = page.waitForResponse(isClaimPost);
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await answer).status()).toBe(400);
  const refusal = page.getByRole('alert').filter({ hasText: CLAIM_MESSAGES.saveFailed });
  await expect(refusal).toContainText(`Photo 2: ${CLAIM_MESSAGES.photoType}`);
  expect(await claimFolders()).toEqual(before);

  // Still on the device after a reload, the server's message with it.
  await page.reload();
  await expect(page.getByLabel('Claim Number *')).toHaveValue('40233');
  await expect(page.getByRole('img', { name: /^Photo \d: / })).toHaveCount(2);
  await expect(refusal).toContainText(`Photo 2: ${CLAIM_MESSAGES.photoType}`);

  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(CLAIM_MESSAGES.saved)).toBeVisible();
  await expect(page.getByText('Claim number: E40233')).toBeVisible();
  expect((await claimFolders()).filter((folder) => !before.includes(folder))).toHaveLength(1);
});

test('Submit with no network keeps the claim on the device and sends it once when the network is back', async ({ page, context }) => {
  const posts: number[] = [];
  page.on('response', (response) => {
    if (isClaimPost(response)) posts.push(response.status());
  });
  await page.goto('/incidentreport');
  // With a worker in control, the page's own retry (the online event) and the worker's Background
  // Sync both wake up when the network is back: the claim must still be filed once.
  await waitForServiceWorkerControl(page);
  await fillRequired(page, '30518');
  await fillParking(page);
  await page.locator('input[type=file][name=photos]').setInputFiles([await photo(90)]);
  await expect(page.getByRole('img', { name: /^Photo 1: damage-/ })).toBeVisible();
  const before = new Set(await claimFolders());

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your device appears to be offline. Your claim is saved on this device')).toBeVisible();
  expect(posts).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText(RECEIVED)).toBeVisible();
  await expect(page.getByText('Claim number: E30518')).toBeVisible();
  // Give a second send the time it would need to show up: there is none, from the page or the worker.
  await page.waitForTimeout(1500);
  expect(posts.filter((status) => status !== 201)).toEqual([]);
  expect((await claimFolders()).filter((folder) => !before.has(folder))).toHaveLength(1);
});

test.describe('on a 360 × 640 phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('the claim form never scrolls sideways and every field fits the screen', async ({ page }) => {
    await page.goto('/incidentreport');
    await expect(page.getByLabel('Location *').locator('option', { hasText: '1044 ·' })).toHaveCount(1);
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      const wide = [...document.querySelectorAll<HTMLElement>('.claim-form input:not([type=file]), .claim-form select, .claim-form textarea')]
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
        .map((element) => element.id || element.getAttribute('name'));
      return { scroll: root.scrollWidth - root.clientWidth, wide };
    });
    expect(overflow).toEqual({ scroll: 0, wide: [] });
  });
});
