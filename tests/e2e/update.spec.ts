import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { prepareDriverContext } from '../support/driver-browser.ts';
import { E2E_DIST_DIR, E2E_NEXT_DIST_DIR } from '../support/e2e-env.ts';
import { chooseNewCard, DANA, newGarageTicket, signInAsDana } from '../support/lot-driver.ts';
import { deployBuild } from '../support/served-build.ts';
import { checkForUpdateNow, readControllerBuildId, waitForServiceWorkerControl } from '../support/service-worker.ts';

const BANNER_TEXT = 'Downloading the latest website updates...';
/** The banner once the new version is installed and waits for a safe moment: a button. */
const waitingBanner = (page: Page) => page.getByRole('button', { name: /^Downloading the latest website updates\.\.\./ });
let snapshotDir = '';

test.beforeAll(async () => {
  snapshotDir = await mkdtemp(path.join(tmpdir(), 'pf-e2e-dist-'));
  await cp(E2E_DIST_DIR, snapshotDir, { recursive: true });
});

test.afterAll(async () => {
  // Put the first build back so the order of spec files does not matter.
  await deployBuild(snapshotDir, E2E_DIST_DIR);
  await rm(snapshotDir, { recursive: true, force: true });
});

test('a new release shows the update banner and the page reloads into it', async ({ page }) => {
  // The banner may show for well under a second before the reload: record that it appeared in
  // sessionStorage, which survives the reload, instead of racing a visibility poll against it.
  await page.addInitScript((text) => {
    new MutationObserver(() => {
      if (document.querySelector('[role="status"]')?.textContent?.includes(text)) sessionStorage.setItem('e2e-update-banner-seen', 'yes');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, BANNER_TEXT);
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  const firstBuild = await readControllerBuildId(page);
  expect(firstBuild).toBeTruthy();

  await deployBuild(E2E_NEXT_DIST_DIR, E2E_DIST_DIR);
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  // The page checks every 60 s; ask now instead of waiting a minute.
  await checkForUpdateNow(page);
  await reloaded;
  expect(await page.evaluate(() => sessionStorage.getItem('e2e-update-banner-seen'))).toBe('yes');

  await waitForServiceWorkerControl(page);
  await expect.poll(() => readControllerBuildId(page)).not.toBe(firstBuild);
  await expect(page.getByText(BANNER_TEXT)).toBeHidden();
});

/** Tags the current document: a reload (even one we did not see happen) loses the tag. */
const tagDocument = (page: Page) => page.evaluate(() => Object.assign(window, { e2eDocumentTag: 'before-release' }));
const isSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { e2eDocumentTag?: string }).e2eDocumentTag === 'before-release');

/** What the browser does when the driver switches apps or locks the phone (headless pages never hide). */
const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
const showPage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

/** Long enough for the reload the app used to do 2–3 s after the banner. */
const GRACE_MS = 4000;

test('release during a flow: a typed card and an open exit pass are never reloaded away; the update applies on the next navigation or when the page is hidden', async ({ page }) => {
  test.setTimeout(180_000);
  await deployBuild(snapshotDir, E2E_DIST_DIR);
  await prepareDriverContext(page);
  await page.goto('/sign-in');
  await signInAsDana(page);
  await waitForServiceWorkerControl(page);

  // 1. A card number half typed on the pay screen when the release comes out.
  const ticketNumber = await newGarageTicket(75);
  await page.goto(`/pay-for-parking/${ticketNumber}`);
  await chooseNewCard(page);
  await page.getByLabel('Name on card *').fill('Dana Driver');
  await page.getByLabel('Card number *').fill('4242 4242 4242');
  await tagDocument(page);
  const firstBuild = await readControllerBuildId(page);
  await deployBuild(E2E_NEXT_DIST_DIR, E2E_DIST_DIR);
  await checkForUpdateNow(page);
  await expect(waitingBanner(page)).toBeVisible({ timeout: 60_000 });
  await page.waitForTimeout(GRACE_MS);
  expect(await isSameDocument(page)).toBe(true);
  await expect(page.getByLabel('Card number *')).toHaveValue('4242 4242 4242');
  await expect(page.getByLabel('Name on card *')).toHaveValue('Dana Driver');
  // Hiding the page is no excuse to drop what was typed.
  await hidePage(page);
  await page.waitForTimeout(1000);
  expect(await isSameDocument(page)).toBe(true);
  await showPage(page);
  // The next navigation (the header's home link) is the safe moment: the page reloads into the release.
  const reloadedOnNavigation = page.waitForEvent('load', { timeout: 30_000 });
  await page.locator('.site-header__logo').click();
  await reloadedOnNavigation;
  await waitForServiceWorkerControl(page);
  const secondBuild = await readControllerBuildId(page);
  expect(secondBuild).not.toBe(firstBuild);
  await expect(page.getByText(BANNER_TEXT)).toBeHidden();

  // 2. The exit pass is open at the gate when the next release comes out.
  await page.goto(`/parkandpay/session?licensePlate=${DANA.plate}`);
  await page.getByRole('button', { name: 'Show Exit Pass' }).click();
  const qr = page.getByRole('img', { name: /^QR code / });
  await expect(qr).toBeVisible();
  await tagDocument(page);
  await deployBuild(snapshotDir, E2E_DIST_DIR);
  await checkForUpdateNow(page);
  await expect(waitingBanner(page)).toBeVisible({ timeout: 60_000 });
  await hidePage(page);
  await page.waitForTimeout(GRACE_MS);
  await showPage(page);
  expect(await isSameDocument(page)).toBe(true);
  await expect(qr).toBeVisible();
  // The driver is through the gate and closes the pass; the next time the phone is put away, it updates.
  await page.getByRole('button', { name: 'Hide Exit Pass' }).click();
  await expect(page.getByRole('button', { name: 'Show Exit Pass' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await isSameDocument(page)).toBe(true);
  const reloadedWhenHidden = page.waitForEvent('load', { timeout: 30_000 });
  await hidePage(page);
  await reloadedWhenHidden;
  await waitForServiceWorkerControl(page);
  await expect.poll(() => readControllerBuildId(page)).not.toBe(secondBuild);
});

test('the waiting banner applies the update when the driver taps it', async ({ page }) => {
  test.setTimeout(120_000);
  await deployBuild(snapshotDir, E2E_DIST_DIR);
  await prepareDriverContext(page);
  await page.goto('/retrieve-car');
  await waitForServiceWorkerControl(page);
  const firstBuild = await readControllerBuildId(page);
  // A ticket number typed and not sent yet holds the update.
  await page.getByLabel('Ticket number').fill('R4T9WX');
  await tagDocument(page);
  await deployBuild(E2E_NEXT_DIST_DIR, E2E_DIST_DIR);
  await checkForUpdateNow(page);
  await expect(waitingBanner(page)).toBeVisible({ timeout: 60_000 });
  await page.waitForTimeout(GRACE_MS);
  expect(await isSameDocument(page)).toBe(true);
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await waitingBanner(page).click();
  await reloaded;
  await waitForServiceWorkerControl(page);
  await expect.poll(() => readControllerBuildId(page)).not.toBe(firstBuild);
});
