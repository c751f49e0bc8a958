/**
 * A returning driver's session (issue 16 item 4): on a cold load (no service worker, nothing in
 * the HTTP cache, as Lighthouse measures it) the session draws its real content from the saved
 * copy in its first frame — ticket, charges and the next price step together, never "Loading..."
 * first — while Firebase's chunk and the ticket refresh are both still on their way; the refresh
 * goes out once they are there. Demo driver Dana (DEMO123, ticket PF7K2QX at 123 W 44th St, a gate
 * ticket priced on the board). Real Chromium, the real server, the Auth emulator.
 * Its name sorts it before park-and-pay-payments.spec.ts, whose last test validates Dana's ticket
 * in full on the same server (then it has no next price step); specs run in name order, one worker.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/driver-browser.ts';
import { DANA, signInAsDana } from '../support/lot-driver.ts';

const SESSION = `/parkandpay/session?licensePlate=${DANA.plate}`;
const TICKET = 'PF7K2QX';
/** "$28.53 if you leave by 12:33 PM (14 min left) · then $38.01". */
const NEXT_PRICE_STEP = /^\$\d+\.\d\d if you leave by \d{1,2}:\d{2} (AM|PM) \((\d+|under 1) min left\) · then \$\d+\.\d\d$/;

type FirstFrame = { ticket: boolean; charges?: string; nextStep?: string; wasLoadingShown: boolean };

/**
 * Runs before the app: notes the DOM of the first frame that shows the session's timer (a
 * MutationObserver callback runs before the browser paints that mutation), and whether
 * "Loading..." was drawn before it.
 */
function recordFirstFrame(): void {
  let wasLoadingShown = false;
  const observer = new MutationObserver(() => {
    const main = document.querySelector('main');
    if (main?.querySelector('[role="status"]')?.textContent === 'Loading...') wasLoadingShown = true;
    if (!document.querySelector('[data-testid="session-timer"]')) return;
    const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? undefined;
    const frame: FirstFrame = { ticket: main?.textContent?.includes('PF7K2QX') ?? false, charges: text('current-charges'), nextStep: text('next-price-step'), wasLoadingShown };
    (window as unknown as { firstFrame: FirstFrame }).firstFrame = frame;
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Holds every request matching `url` until `release()`; `count()` says how many were held. */
async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => Promise<void>; count: () => number }> {
  const held: Route[] = [];
  let isReleased = false;
  await page.route(url, (route) => (isReleased ? route.continue() : void held.push(route)));
  return {
    release: async () => {
      isReleased = true;
      await Promise.all(held.map((route) => route.continue()));
    },
    count: () => held.length,
  };
}

test("a returning driver's session is drawn from the saved copy in its first frame, before Firebase and the refresh", async ({ driverPage }) => {
  // A phone, and no service worker: every request goes to the network (a cold load), so holding one holds it.
  const page = await driverPage({ context: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' } });
  await page.goto(SESSION);
  await expect(page).toHaveURL(/\/parkandpay\/sign-in\?redirect=/);
  await signInAsDana(page);
  await expect(page).toHaveURL(new RegExp(`/parkandpay/session\\?licensePlate=${DANA.plate}$`));
  await expect(page.getByTestId('next-price-step')).toHaveText(NEXT_PRICE_STEP);
  // The saved copy a returning driver has: her tickets and the garage's rate board (persisted within a second).
  const isSaved = () => page.evaluate((ticket) => ['"rate-board"', ticket].every((part) => (window.localStorage.getItem('pf-query-cache') ?? '').includes(part)), TICKET);
  await expect.poll(isSaved).toBe(true);
  await page.close();

  // Back minutes later: the copy is due a refresh (a visit within its 30 s would refresh nothing).
  await page.context().clock.setFixedTime(Date.now() + 3 * 60_000);
  // Without the page token (its hour has passed, say) the server sends the shell, as the service
  // worker does: the app draws the session itself (lot-session-server-rendered.spec.ts has the other way).
  await page.context().clearCookies({ name: 'pf-page-token' });
  const again = await page.context().newPage();
  await again.addInitScript(recordFirstFrame);
  const firebase = await holdRequests(again, /\/assets\/firebase-[\w-]+\.js$/);
  const refresh = await holdRequests(again, '**/parking-system/api/management/tickets/mine');
  await again.goto(SESSION);
  await expect(again.getByTestId('next-price-step')).toHaveText(NEXT_PRICE_STEP);
  await expect(again.getByText(TICKET)).toBeVisible();
  const frame = await again.evaluate(() => (window as unknown as { firstFrame?: FirstFrame }).firstFrame);
  expect(frame).toMatchObject({ ticket: true, wasLoadingShown: false });
  // Drawn by the app, not sent by the server: the shell has no server state.
  expect(await again.locator('#pf-ssr-state').count()).toBe(0);
  expect(frame?.charges).toMatch(/^\$\d+\.\d\d$/);
  // The step is in the same first frame as the ticket: it appears later nowhere, so nothing below it moves.
  expect(frame?.nextStep).toMatch(NEXT_PRICE_STEP);
  // All of it while Firebase's chunk had not arrived and no refresh had been answered.
  expect(refresh.count()).toBe(0);
  await expect.poll(firebase.count).toBe(1);

  // With Firebase there, the token restores the sign-in and the ticket is refreshed.
  await firebase.release();
  await expect.poll(refresh.count, { timeout: 20_000 }).toBeGreaterThan(0);
  await refresh.release();
  await expect(again.getByTestId('saved-copy-marker')).not.toHaveText(/offline/);
  await expect(again.getByText(TICKET)).toBeVisible();
});
