/**
 * A tap on a server-rendered button before the app has attached to the page is not lost
 * (src/lib/early-clicks.ts): the entry chunk is held back so the tap surely lands first.
 */
import { expect, test } from '@playwright/test';

test('"View Rates" tapped before hydration opens the rates once the app has attached', async ({ page }) => {
  let releaseEntry: () => void = () => undefined;
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  await page.goto('/parkandpay/welcome?location=1044', { waitUntil: 'commit' });
  const viewRates = page.getByRole('button', { name: 'View Rates' });
  await expect(viewRates).toBeVisible();
  await viewRates.click();
  // The tap landed on the server's markup: nothing had attached yet.
  expect(await page.evaluate(() => (window as { __pfAttached?: boolean }).__pfAttached === true)).toBe(false);
  await expect(page.getByRole('dialog', { name: 'Rates' })).toHaveCount(0);

  releaseEntry();
  await expect(page.getByRole('dialog', { name: 'Rates' }).getByRole('row').first()).toBeVisible();
  // Only the one tap was replayed: closing the rates leaves them closed.
  await page.getByRole('dialog', { name: 'Rates' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Rates' })).toHaveCount(0);
});
