/**
 * What a first screen does not show loads when it is needed, not with the page (issue 16 items 3
 * and 4; README "Keep code off the first screen"), and the page still works at once.
 */
import { expect, type Page, test } from '@playwright/test';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search Address or Location' });

/** React has attached to the server's markup: the root's first element carries a fiber. */
async function waitForAttached(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const child = document.getElementById('root')?.firstElementChild;
    return child !== null && child !== undefined && Object.keys(child).some((key) => key.startsWith('__reactFiber'));
  });
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pf-search-tooltip-seen', '1'));
});

test('the home search box\'s code loads when the driver reaches for it; the place typed then is searched', async ({ page }) => {
  // The box's code (and the lookups it loads with the first search), known by a text of theirs: a
  // shared chunk named after the box holds only its placeholder.
  const boxCode: string[] = [];
  page.on('response', async (response) => {
    if (/\.js$/.test(response.url()) && (await response.text().catch(() => '')).includes('Use Current Location')) boxCode.push(response.url());
  });
  await page.goto('/');
  await waitForAttached(page);
  await page.waitForTimeout(1000);
  expect(boxCode).toEqual([]);
  // The server's box, styled and in place before its code.
  await expect(searchBox(page)).toBeVisible();

  await searchBox(page).fill('Penn Station');
  await expect(page.getByRole('option', { name: /Penn Station/ }).first()).toBeVisible({ timeout: 15_000 });
  expect(boxCode.length).toBeGreaterThan(0);
  await expect(searchBox(page)).toHaveValue('Penn Station');
  await page.getByRole('option', { name: /Penn Station/ }).first().click();
  await expect(page).toHaveURL(/\/search\/results\?q=Penn-Station&lat=40\.\d{6}&lng=-73\.\d{6}/);
});
