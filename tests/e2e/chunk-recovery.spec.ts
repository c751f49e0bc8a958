/**
 * An app chunk that fails to load (src/lib/chunk-recovery.ts): a release that replaced the
 * server's files between the page and its chunks, or a dropped fetch. The page reloads once and
 * the app attaches; a server that keeps failing gets one reload, not a loop, and the server's page
 * stays readable. The service worker is blocked: it would serve the chunk from its precache, out
 * of the test's reach. Real Chromium against the real server.
 */
import { expect, type Page, test } from '@playwright/test';
import { APP_CHUNK, waitForAttached } from '../support/app-attach.ts';

test.use({ serviceWorkers: 'block' });

const HOME_HEADING = /Parking in New York & New Jersey/;

/** How many documents the tab has loaded (its load event fired). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

test('the app chunk gone with a new release: the page reloads once and the app attaches', async ({ page }) => {
  const loads = countDocumentLoads(page);
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  // Every request the first document makes for the chunk (its preload and its import) is refused.
  let refused = 0;
  await page.route(APP_CHUNK, async (route) => {
    if (documents > 1) return route.continue();
    refused += 1;
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' });
  });
  await page.goto('/');
  await waitForAttached(page);
  expect(refused).toBeGreaterThanOrEqual(1);
  expect(loads()).toBe(2);
  // The app works: a link is followed in the app, without a document load.
  await page.getByRole('link', { name: 'See Our Locations' }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('heading', { name: /Our Locations/ })).toBeVisible();
  expect(loads()).toBe(2);
});

test('a server that keeps failing the app gets one reload, not a loop, and its page stays readable', async ({ page }) => {
  let refused = 0;
  await page.route(APP_CHUNK, async (route) => {
    refused += 1;
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' });
  });
  const loads = countDocumentLoads(page);
  await page.goto('/');
  await expect.poll(loads).toBe(2);
  await page.waitForTimeout(2000);
  expect(loads()).toBe(2);
  expect(refused).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('heading', { name: HOME_HEADING })).toBeVisible();
});
