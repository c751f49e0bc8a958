/**
 * A visitor scrolls a server-rendered page before the app has attached to it (a slow phone): the
 * app's first render must leave the page where the visitor put it (src/router.tsx), so a tap
 * meant for a button lands on it. The router used to reset the window to the top as it attached:
 * the Reserve tap then hit whatever had moved under the finger, and nothing happened (a CI
 * failure of reserve.spec.ts, reproduced 3 of 3 at 6× CPU). The app's chunk is held until the
 * scroll is done, so the order is the same on every machine; the service worker is blocked (it
 * would serve the chunk from its precache). Real Chromium, the real server. The same holds for a
 * page left where it opened: focusing the garage's details as the app attached scrolled them.
 */
import { expect, type Page, test } from '@playwright/test';
import { APP_CHUNK, isAttached, waitForAttached } from '../support/app-attach.ts';

test.use({ serviceWorkers: 'block' });

const LOCATION = '/locations/123-w-44th-st-new-york';

/** Holds the app's chunk until `release()`. */
async function holdApp(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

const scrollTop = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('pf-cookie-accepted', 'true'));
});

test('a location page scrolled before the app attaches stays put, and its Reserve tap goes through', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const app = await holdApp(page);
  await page.goto(LOCATION);
  const reserve = page.getByRole('dialog').getByRole('link', { name: /^Reserve$/ }).first();
  await reserve.scrollIntoViewIfNeeded();
  const scrolled = await scrollTop(page);
  expect(scrolled).toBeGreaterThan(100);
  expect(await isAttached(page)).toBe(false);

  app.release();
  await waitForAttached(page);
  // The router's first render (and anything after it) has had its chance to move the page.
  await page.waitForTimeout(1000);
  expect(await scrollTop(page)).toBe(scrolled);
  await reserve.click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Freserve%2Fdaily%2F123-w-44th-st-new-york/);
});

test('a location page left where it opened stays put as the app attaches: Reserve is where it was drawn', async ({ page }) => {
  // A laptop's screen: the garage's details are taller than it, and focusing them (for a screen
  // reader) as the app attached used to scroll them up 165 px, under a pointer already on its way.
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = await holdApp(page);
  await page.goto(LOCATION);
  const reserve = page.getByRole('dialog').getByRole('link', { name: /^Reserve$/ }).first();
  const drawnAt = await reserve.boundingBox();
  expect(drawnAt).not.toBeNull();
  expect(await scrollTop(page)).toBe(0);

  app.release();
  await waitForAttached(page);
  await page.waitForTimeout(1000);
  expect(await scrollTop(page)).toBe(0);
  expect(await reserve.boundingBox()).toEqual(drawnAt);
  // The details still take the focus, for a screen reader.
  await expect(page.getByRole('dialog')).toBeFocused();
});

test('later navigations still start at the top', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(LOCATION);
  await waitForAttached(page);
  const reserve = page.getByRole('dialog').getByRole('link', { name: /^Reserve$/ }).first();
  await reserve.scrollIntoViewIfNeeded();
  expect(await scrollTop(page)).toBeGreaterThan(100);
  // The location page is the search screen with the garage's panel (no "All locations" link): its
  // Reserve is the next page the driver opens.
  await reserve.click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await expect.poll(() => scrollTop(page)).toBe(0);
});
