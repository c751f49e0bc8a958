/**
 * Background Sync of a queued claim (issue 20 item 1), in Chromium: Submit with no network, close
 * the page, and the service worker files the claim — draft and photos from the device's IndexedDB,
 * the draft id as Idempotency-Key — with no page open; the next visit shows the received message
 * and the claim number.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { toNewYorkDate } from '../../src/contract/vehicles.ts';
import { newYorkWallTime, toClaimPayload, type ClaimDraft } from '../../src/contract/claims.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../support/e2e-env.ts';
import { waitForServiceWorkerControl } from '../support/service-worker.ts';

const RECEIVED = 'Your information has been received. Please call (212) 555-0100 for more information.';
const CLAIM_FOLDERS = path.join(E2E_DATA_DIR, 'objects', 'claims');

const claimFolders = async () => new Set(await readdir(CLAIM_FOLDERS).catch(() => []));

async function fillClaim(page: Page, claimNumber: string) {
  const yesterday = new Date(Date.now() - 24 * 3_600_000);
  const location = page.getByLabel('Location *');
  await expect(location.locator('option', { hasText: '2001 ·' })).toHaveCount(1);
  await location.selectOption((await location.locator('option', { hasText: '2001 ·' }).getAttribute('value')) ?? '');
  await page.getByLabel('Claim Number *').fill(claimNumber);
  await page.getByLabel('Incident Date *').fill(toNewYorkDate(yesterday));
  await page.getByLabel('Report Date *').fill(toNewYorkDate(new Date()));
  await page.getByLabel('First Name *').fill('Robin');
  await page.getByLabel('Last Name *').fill('Closedtab');
  const day = newYorkWallTime(yesterday).slice(0, 10);
  await page.getByLabel('Car Brought In *').fill(`${day}T07:45`);
  await page.getByLabel('Car Called For *').fill(`${day}T19:05`);
  await page.getByRole('group', { name: 'Did the attendant have your keys? *' }).getByLabel('No').check();
  await page.getByRole('group', { name: 'Was the damage photographed? *' }).getByLabel('Yes').check();
  const photos = await Promise.all([40, 160].map(async (blue) => ({
    name: `scratch-${blue}.png`,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 90, b: blue } } }).png().toBuffer(),
  })));
  await page.locator('input[type=file][name=photos]').setInputFiles(photos);
  await expect(page.getByRole('img', { name: /^Photo \d: scratch-/ })).toHaveCount(2);
}

/** The queued draft as the device keeps it (IndexedDB `pf-drafts`, features/claims/claim-draft-store.ts). */
const queuedDraft = (page: Page) => page.evaluate(() => new Promise<{ draftId: string; isQueued: boolean; values: ClaimDraft }>((resolve, reject) => {
  const opening = indexedDB.open('pf-drafts');
  opening.onerror = () => reject(new Error('no drafts database'));
  opening.onsuccess = () => {
    const reading = opening.result.transaction('drafts').objectStore('drafts').get('claim-report');
    reading.onsuccess = () => resolve(reading.result as { draftId: string; isQueued: boolean; values: ClaimDraft });
  };
}));

const syncTags = (page: Page) => page.evaluate(async () => {
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
  return registration.sync.getTags();
});

test('a claim submitted offline is sent by the service worker after the page is closed, and shown on the next visit', async ({ context }) => {
  const page = await context.newPage();
  await page.goto('/incidentreport');
  await waitForServiceWorkerControl(page);
  await fillClaim(page, 'E61207');
  const before = await claimFolders();
  const newFolders = async () => [...(await claimFolders())].filter((folder) => !before.has(folder));

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your device appears to be offline. Your claim is saved on this device')).toBeVisible();
  // The page asked the browser for a Background Sync; the claim waits on the device.
  await expect.poll(() => syncTags(page)).toEqual(['claims-outbox']);
  const draft = await queuedDraft(page);
  expect(draft.isQueued).toBe(true);

  await page.close();
  expect(context.pages()).toEqual([]);
  expect(await newFolders()).toEqual([]);

  // Network back with no page open: Chromium fires `sync` and the worker files the claim.
  await context.setOffline(false);
  await expect.poll(newFolders).toHaveLength(1);
  const [folder = ''] = await newFolders();
  await expect.poll(async () => (await readdir(path.join(CLAIM_FOLDERS, folder))).sort()).toEqual(['1-original', '1-original.type', '1-viewing', '1-viewing.type', '2-original', '2-original.type', '2-viewing', '2-viewing.type']);

  // Filed once, under the draft's id: sending the same draft again is answered with that claim (200, not a new 201).
  const form = new FormData();
  form.set('claim', JSON.stringify(toClaimPayload(draft.values)));
  const again = await fetch(`${E2E_BASE_URL}/claims/api/claims/customers`, { method: 'POST', body: form, headers: { 'Idempotency-Key': draft.draftId } });
  expect(again.status).toBe(200);
  expect(await again.json()).toMatchObject({ claimNumber: 'E61207', photoCount: 2 });

  // The next visit shows what the worker filed, once.
  const next = await context.newPage();
  await next.goto('/incidentreport');
  await expect(next.getByText(RECEIVED)).toBeVisible();
  await expect(next.getByText('Claim number: E61207')).toBeVisible();
  await next.reload();
  await expect(next.getByLabel('First Name *')).toHaveValue('');
  expect(await newFolders()).toHaveLength(1);
});
