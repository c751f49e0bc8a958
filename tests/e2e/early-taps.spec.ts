/**
 * What a driver does on a server-rendered page before the app has attached to it is not lost
 * (src/lib/early-input.ts): the entry chunk is held back so the taps and typing surely land first.
 */
import { expect, test } from '@playwright/test';
import { holdEntryChunk, isAttached } from '../support/app-attach.ts';
import { PIXEL_7 } from '../support/phones.ts';

test('"View Rates" tapped before hydration opens the rates once the app has attached', async ({ page }) => {
  const releaseEntry = await holdEntryChunk(page);
  await page.goto('/parkandpay/welcome?location=1044', { waitUntil: 'commit' });
  const viewRates = page.getByRole('button', { name: 'View Rates' });
  await expect(viewRates).toBeVisible();
  await viewRates.click();
  // The tap landed on the server's markup: nothing had attached yet.
  expect(await isAttached(page)).toBe(false);
  await expect(page.getByRole('dialog', { name: 'Rates' })).toHaveCount(0);

  releaseEntry();
  await expect(page.getByRole('dialog', { name: 'Rates' }).getByRole('row').first()).toBeVisible();
  // Only the one tap was replayed: closing the rates leaves them closed.
  await page.getByRole('dialog', { name: 'Rates' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Rates' })).toHaveCount(0);
});

test('a lot code typed and sent before hydration opens its garage once the app has attached', async ({ page }) => {
  const releaseEntry = await holdEntryChunk(page);
  await page.goto('/parkandpay/welcome', { waitUntil: 'commit' });
  await page.getByLabel('Enter the lot code posted at the entrance').fill('1044');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await isAttached(page)).toBe(false);

  releaseEntry();
  await expect(page.getByText('Lot code 1044')).toBeVisible();
  await expect(page).toHaveURL(/\/parkandpay\/welcome\?location=1044$/);
});

test.describe('on a phone', () => {
  test.use(PIXEL_7);

  test('"Back to results" tapped on a garage\'s page before hydration closes its panel onto the list', async ({ page }) => {
    const releaseEntry = await holdEntryChunk(page);
    await page.goto('/locations/123-w-44th-st-new-york', { waitUntil: 'commit' });
    const panel = page.getByRole('dialog');
    await panel.getByRole('button', { name: '‹ Back to results' }).click();
    expect(await isAttached(page)).toBe(false);

    releaseEntry();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('.result-tile').first()).toBeVisible();
  });
});
