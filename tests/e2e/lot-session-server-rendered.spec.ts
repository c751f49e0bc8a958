/**
 * The park-and-pay session in the first HTML (issue 16, src/contract/server-rendered-pages.ts):
 * once Dana has signed in, her ID token rides in the page-token cookie, scoped to the session's
 * path, and the server renders her session with it: a browser with no JavaScript at all shows
 * her ticket. With JavaScript, on a phone and cold (no service worker), the app renders over that
 * markup with nothing moving and no console error. After Logout the cookie is gone and the page
 * is the shell again. Real Chromium, the real server, the Auth emulator.
 * Its name sorts it before park-and-pay-payments.spec.ts, which pays Dana's ticket in full (specs
 * run in name order, one worker); it needs the ticket open for its next price step.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { expect, test } from '../support/driver-browser.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from '../support/e2e-env.ts';
import { holdEntryChunk, isAttached } from '../support/app-attach.ts';
import { layoutShifts, recordLayoutShifts } from '../support/layout-shifts.ts';
import { DANA, signInAsDana } from '../support/lot-driver.ts';

const SESSION = `/parkandpay/session?licensePlate=${DANA.plate}`;
const TICKET = 'PF7K2QX';
const NEXT_PRICE_STEP = /^\$\d+\.\d\d if you leave by \d{1,2}:\d{2} (AM|PM) \((\d+|under 1) min left\) · then \$\d+\.\d\d$/;
const PHONE = { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' } as const;

/** The session as a browser without JavaScript gets it, with the cookies and storage of `context`. */
async function openWithoutJavaScript(browser: Browser, context: BrowserContext) {
  const noScript = await browser.newContext({ ...PHONE, baseURL: E2E_BASE_URL, javaScriptEnabled: false, storageState: await context.storageState() });
  const page = await noScript.newPage();
  const response = await page.goto(SESSION);
  return { page, response };
}

/** Where the session's blocks sit: the same on the server's page and on the app's render over it. */
function sessionLayout(page: Page): Promise<string[]> {
  return page.locator('.park-session > *').evaluateAll((blocks) => blocks.map((block) => {
    const box = block.getBoundingClientRect();
    return `${block.tagName.toLowerCase()}.${block.className} ${Math.round(box.top)}+${Math.round(box.height)}`;
  }));
}

test("the session comes rendered from the server for its driver, and goes back to the shell at Logout", async ({ driverPage }) => {
  const page = await driverPage({ context: PHONE });
  await page.goto(SESSION);
  await signInAsDana(page);
  await expect(page).toHaveURL(new RegExp(`/parkandpay/session\\?licensePlate=${DANA.plate}$`));
  await expect(page.getByText(TICKET)).toBeVisible();

  // The token is kept for the session's path only, no longer than it lives (an hour).
  let cookie: Awaited<ReturnType<BrowserContext['cookies']>>[number] | undefined;
  await expect.poll(async () => (cookie = (await page.context().cookies()).find((item) => item.name === 'pf-page-token'))?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
  expect(cookie).toMatchObject({ path: '/parkandpay/session', sameSite: 'Lax' });
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeLessThanOrEqual(3_600_000);
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(50 * 60_000);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // No JavaScript: the ticket, its next price step and the pass button are in the HTML.
    const noScript = await openWithoutJavaScript(browser, page.context());
    expect(noScript.response?.headers()['cache-control']).toBe('private, no-store');
    await expect(noScript.page.getByText(TICKET)).toBeVisible();
    await expect(noScript.page.getByTestId('next-price-step')).toHaveText(NEXT_PRICE_STEP);
    await expect(noScript.page.getByRole('button', { name: 'Show Exit Pass' })).toBeVisible();
    // The phone's layout of the garage's address (the server cannot know the screen: CSS picks it).
    await expect(noScript.page.getByTestId('location-address')).toBeVisible();
    await expect(noScript.page.getByText('Loading map...')).toBeHidden();
    const serverLayout = await sessionLayout(noScript.page);
    await noScript.page.context().close();

    // With JavaScript, cold: the app renders over the server's page; nothing moves, nothing fails.
    const again = await page.context().newPage();
    const errors: string[] = [];
    again.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    again.on('pageerror', (error) => void errors.push(error.message));
    await recordLayoutShifts(again);
    await again.goto(SESSION);
    await expect(again.getByText(TICKET)).toBeVisible();
    await expect(again.getByTestId('next-price-step')).toHaveText(NEXT_PRICE_STEP);
    await expect(again.getByTestId('location-address')).toBeVisible();
    // The app's page is laid out as the server's was, down to the last line (shifts below the fold escape CLS).
    // Read until the app has rendered over the server's page: on a busy machine the first read can
    // fall in the moment the app replaces it (CI read no blocks at all); a block that moves on the
    // way is still caught by the layout-shift check below.
    await expect.poll(() => sessionLayout(again)).toEqual(serverLayout);
    // Rendered by the app by now: the pass opens (a server page alone has no handler).
    await again.getByRole('button', { name: 'Show Exit Pass' }).click();
    await expect(again.getByRole('button', { name: 'Hide Exit Pass' })).toBeVisible();
    expect(await layoutShifts(again)).toEqual([]);
    expect(errors).toEqual([]);
    await again.getByRole('button', { name: 'Hide Exit Pass' }).click();

    // At the gate, "Show Exit Pass" tapped on the server's page before the app has rendered over it
    // opens the pass once it has: the tap is kept, then given to the app's button (src/lib/early-input.ts).
    const early = await page.context().newPage();
    const releaseEntry = await holdEntryChunk(early);
    await early.goto(SESSION, { waitUntil: 'commit' });
    await early.getByRole('button', { name: 'Show Exit Pass' }).click();
    expect(await isAttached(early)).toBe(false);
    releaseEntry();
    await expect(early.getByRole('button', { name: 'Hide Exit Pass' })).toBeVisible();
    await early.getByRole('button', { name: 'Hide Exit Pass' }).click();
    await early.close();

    // Logout: the cookie goes, and the page is the shell again (its "needs JavaScript" line, no ticket).
    await again.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await expect.poll(async () => (await page.context().cookies()).some((item) => item.name === 'pf-page-token')).toBe(false);
    const signedOut = await openWithoutJavaScript(browser, page.context());
    const shell = (await signedOut.response?.text()) ?? '';
    expect(shell).toContain('<noscript>ParkFair needs JavaScript to find and pay for parking.</noscript>');
    expect(shell).not.toContain(TICKET);
  } finally {
    await browser.close();
  }
});
