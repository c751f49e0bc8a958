/**
 * The route tree in two stages (issue 16 item 4; src/route-stages.ts): the entry chunk routes
 * the public pages, and the signed-in and staff pages join with the full tree's chunk. Every URL
 * must still reach the same page: cold deep links, links followed or preloaded before the rest
 * has joined, unknown paths. The service worker is blocked in the tests that hold the tree's
 * chunk back (it would serve it from its precache, out of the test's reach); the last test
 * checks the precache and the gate pages' preload hold it. Real Chromium, the real server, the
 * Auth emulator.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { waitForAttached } from '../support/app-attach.ts';
import { E2E_DIST_DIR } from '../support/e2e-env.ts';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { DANA } from '../support/lot-driver.ts';
import { signInWithPhone } from '../support/phone-sign-up.ts';

const LOCATION = '/locations/123-w-44th-st-new-york';
const FULL_TREE_CHUNK = /\/assets\/routeTree\.gen-[\w-]+\.js$/;
const notFound = (page: Page) => page.getByRole('heading', { name: 'No Parking Here' });

test.beforeEach(({ context }) => prepareDriverContext(context));

/** Holds the full route tree's chunk until `release()`; `requested` says whether the page asked for it. */
async function holdFullTree(page: Page): Promise<{ requested: () => boolean; release: () => void }> {
  let requested = false;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(FULL_TREE_CHUNK, async (route: Route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { requested: () => requested, release };
}

test.describe('with the service worker blocked', () => {
  test.use({ serviceWorkers: 'block' });

  test("a link's preload to a signed-in page joins the rest and stays put; following it before the join lands where it did", async ({ page }) => {
    // The location page's monthly Sign Up links to /reserve/monthly, a second-stage page.
    const tree = await holdFullTree(page);
    await page.goto(LOCATION);
    await waitForAttached(page);
    const signUp = page.getByRole('link', { name: /^(Sign Up|Monthly Parking Request)$/ });
    await signUp.hover();
    await expect.poll(tree.requested, { message: 'the preload asks for the rest of the tree' }).toBe(true);
    // Followed while the tree is still on its way: the navigation waits for it, then resolves.
    await signUp.click();
    tree.release();
    // Signed out, the monthly sign-up sends the visitor to sign in first, as before the split.
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Freserve%2Fmonthly%3FlocationId%3D\d+$/);
    await expect(notFound(page)).toHaveCount(0);

    // A preload alone never navigates (a fresh page: the tree has joined on this one).
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const second = await holdFullTree(page);
    await page.goto(LOCATION);
    await waitForAttached(page);
    await signUp.hover();
    await expect.poll(second.requested).toBe(true);
    const treeLoaded = page.waitForResponse(FULL_TREE_CHUNK);
    second.release();
    await treeLoaded;
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(LOCATION);
    await expect(signUp).toBeVisible();
  });

  test('signed in: a cold deep link opens its page, and a tap on the account links right after / arrives', async ({ page }) => {
    await page.goto('/parkandpay/sign-in?redirect=%2Fparkandpay%2Fdigital-tickets');
    await signInWithPhone(page, DANA.phone, { emailIfAsked: `dana-${Date.now()}@example.com` });
    await expect(page).toHaveURL(/\/parkandpay\/(digital-tickets|session)/);

    // Cold: the first render waits for the rest of the tree (not a detour by /no-parking).
    await page.goto('/my-account/profile');
    await expect(page).toHaveURL(/\/my-account\/profile$/);
    await expect(page.getByRole('heading', { name: /profile/i }).first()).toBeVisible();
    await expect(notFound(page)).toHaveCount(0);

    // From /, before the rest has joined (held back): the header's My Reservations.
    const tree = await holdFullTree(page);
    await page.goto('/');
    const reservations = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Reservations' });
    const target = await reservations.getAttribute('href');
    await reservations.click();
    tree.release();
    await expect(page).toHaveURL((url) => url.pathname === target);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(notFound(page)).toHaveCount(0);
  });

  test('unknown paths still go to the not-found page; a staff page opens cold', async ({ page }) => {
    for (const unknown of ['/no-such-page', '/no/such/page', '/parkandpay/no-such-step']) {
      await page.goto(unknown);
      await expect(page, unknown).toHaveURL(/\/no-parking$/);
      await expect(notFound(page)).toBeVisible();
    }
    await page.goto('/staff');
    await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
    await waitForAttached(page);
    // Read once the router has attached, which writes the page's search back into the URL: a
    // default first page of 0 made every cold /staff /staff?page=0 (a check right after goto saw
    // the URL before that, and passed unless the app was quick).
    const { pathname, search } = new URL(page.url());
    expect(pathname + search).toBe('/staff');
  });
});

test("the rest of the tree is in the worker's precache and in the gate pages' preload", async () => {
  const assets = await readdir(path.join(E2E_DIST_DIR, 'assets'));
  const treeChunk = assets.find((file) => /^routeTree\.gen-[\w-]+\.js$/.test(file));
  expect(treeChunk, 'the full route tree is a chunk of its own').toBeDefined();
  const worker = await readFile(path.join(E2E_DIST_DIR, 'sw.js'), 'utf8');
  expect(worker).toContain(`"assets/${treeChunk}"`);
  // index.html's gate preload names files without their folder and ".js".
  const shell = await readFile(path.join(E2E_DIST_DIR, 'index.html'), 'utf8');
  expect(shell).toContain(`"${treeChunk!.replace(/\.js$/, '')}"`);
});
