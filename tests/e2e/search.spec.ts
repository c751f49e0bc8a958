/**
 * Search and discovery (issue 17, spec 1 §2.3–§5) against the real server: place suggestions from
 * our own gazetteer, all-in prices from the rate engine, the map's price pins, the detail panel,
 * Reserve through sign-in, the URL as the search (reload keeps it), event, monthly and oversized
 * searches, "Use Current Location" and a visited search reopened offline.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInAsDana } from '../support/lot-driver.ts';
import { actAsOwnClient } from '../support/phone-sign-up.ts';
import { waitForServiceWorkerControl } from '../support/service-worker.ts';

/** Madison Square Garden / Penn Station. */
const PENN = { latitude: 40.7505, longitude: -73.9934 };
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search Address or Location' });
const tiles = (page: Page) => page.locator('.result-tile:not(.result-tile--skeleton)');
const PRICE = /^\$\d+(\.\d\d)?/;

/** A New York wall time `days` from today, as the search URL writes it (MM-DD-YYYYTh:mmAM/PM). */
function urlTime(days: number, clock: string): string {
  const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
  const [month, day, year] = date.split('/');
  return `${month}-${day}-${year}T${clock}`;
}

/** The URL as a driver reads it (the router percent-encodes the ':' of the times). */
async function expectUrl(page: Page, pattern: RegExp): Promise<void> {
  await expect.poll(() => decodeURIComponent(page.url())).toMatch(pattern);
}

async function expectPricedResults(page: Page): Promise<void> {
  await expect(tiles(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Calculating rates...')).toBeHidden({ timeout: 20_000 });
  await expect(tiles(page).getByTestId('result-total').first()).toHaveText(PRICE);
}

test.beforeEach(async ({ page }) => {
  // The one-time tooltip is its own test; elsewhere it must not sit over the fields.
  await page.addInitScript(() => localStorage.setItem('pf-search-tooltip-seen', '1'));
});

test('a typed place: suggestions, priced results, pins, details, Reserve through sign-in and back', async ({ page }) => {
  await actAsOwnClient(page);
  await page.goto('/');
  await searchBox(page).fill('Penn Station');
  const suggestion = page.getByRole('option', { name: /Penn Station/ }).first();
  await expect(suggestion).toBeVisible({ timeout: 15_000 });
  await searchBox(page).press('ArrowDown');
  await searchBox(page).press('ArrowDown');
  await expect(page.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await suggestion.click();

  await expect(page).toHaveURL(/\/search\/results\?q=Penn-Station&lat=40\.\d{6}&lng=-73\.\d{6}/);
  await expectPricedResults(page);
  await expect(page).toHaveTitle(/Parking near Penn Station/);
  // Walking text from the walking matrix (within 3 miles and 30 minutes) or the distance.
  await expect(tiles(page).first().locator('.result-tile__walk')).toHaveText(/^\d+ min walk$|^\d+\.\d miles away$/);
  await expect(tiles(page).locator('.result-tile__walk', { hasText: 'min walk' }).first()).toBeVisible();

  // One price pin per result, the same price as its tile; choosing a pin highlights the tile.
  const pins = page.locator('.search-map__pin');
  await expect(pins.first()).toBeVisible({ timeout: 30_000 });
  expect(await pins.count()).toBe(await tiles(page).count());
  const firstTile = tiles(page).first();
  const id = await firstTile.getAttribute('data-location-id');
  const pin = page.locator(`.search-map__pin[data-location-id="${id}"]`);
  await expect(pin).toHaveText((await firstTile.getByTestId('result-total').textContent()) ?? '');
  await pin.focus();
  await page.keyboard.press('Enter');
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(firstTile).toHaveClass(/result-tile--active/);

  // Details: the panel over the search, with the price for the searched times; Back closes it.
  await firstTile.getByRole('button', { name: 'Details' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByTestId('detail-total')).toHaveText(PRICE, { timeout: 15_000 });
  await panel.getByRole('button', { name: '‹ Back to results' }).click();
  await expect(panel).toBeHidden();

  // Reserve needs a sign-in, which returns to the reservation with the searched times.
  const bookable = tiles(page).filter({ has: page.getByRole('link', { name: 'Reserve' }) }).first();
  await bookable.getByRole('link', { name: 'Reserve' }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await signInAsDana(page);
  await expectUrl(page, /\/reserve\/daily\/[^/?]+\?from=\d\d-\d\d-\d{4}T\d{1,2}:\d\d[AP]M&to=/);
});

test('the URL is the search: reload keeps place, times and filters; a change rewrites it', async ({ page }) => {
  const from = urlTime(2, '10:00AM');
  const to = urlTime(2, '2:30PM');
  await page.goto(`/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400&from=${from}&to=${to}&oversized=1`);
  await expectPricedResults(page);
  const arrivalTime = page.getByLabel('Arrival time');
  await expect(arrivalTime.locator('option:checked')).toHaveText('10:00 AM');
  await expect(page.getByLabel('Departure time').locator('option:checked')).toHaveText('2:30 PM');
  await expect(page.getByRole('button', { name: 'Oversized', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await arrivalTime.selectOption({ label: '11:30 AM' });
  await expectUrl(page, new RegExp(`q=Penn-Station&lat=40.750500&lng=-73.993400&from=${urlTime(2, '11:30AM')}&to=${to}&oversized=1$`));
  await page.reload();
  await expectUrl(page, new RegExp(`q=Penn-Station&lat=40.750500&lng=-73.993400&from=${urlTime(2, '11:30AM')}&to=${to}&oversized=1$`));
  await expect(page.getByLabel('Arrival time').locator('option:checked')).toHaveText('11:30 AM');
  await expect(searchBox(page)).toHaveValue('Penn Station');
  await expectPricedResults(page);
  // Departure slots on the arrival day start after the arrival (spec 1 §5).
  await expect(page.getByLabel('Departure time').locator('option').first()).toHaveText('12:00 PM');
});

test("Reserve opens the reserve screen at the searched times, not the suggested ones", async ({ page }) => {
  await page.goto(`/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400&from=${urlTime(3, '6:00PM')}&to=${urlTime(3, '9:30PM')}`);
  await expectPricedResults(page);
  await tiles(page).filter({ has: page.getByRole('link', { name: 'Reserve' }) }).first().getByRole('link', { name: 'Reserve' }).click();
  await signInAsDana(page);
  await expect(page).toHaveURL(/\/reserve\/daily\//);
  const [month, day, year] = urlTime(3, '').replace('T', '').split('-');
  await expect(page.getByLabel('Arrival date')).toHaveValue(`${year}-${month}-${day}`);
  await expect(page.getByLabel('Arrival time').locator('option:checked')).toHaveText('6:00 PM');
  await expect(page.getByLabel('Departure time').locator('option:checked')).toHaveText('9:30 PM');
});

test('an event suggestion opens the event search at the venue from its start time, with event rates', async ({ page }) => {
  await page.goto('/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400');
  await searchBox(page).fill('Nets Raptors');
  const event = page.getByRole('option', { name: /Brooklyn Nets vs\. Toronto Raptors/ });
  await expect(event).toBeVisible({ timeout: 15_000 });
  await expect(event).toContainText(/\w{3}, \w{3} \d{1,2}, \d{4} 7:30 PM/);
  await event.click();
  await expect(page).toHaveURL(/\/search\/event\/\d+\/brooklyn-nets/);
  await expectPricedResults(page);
  await expect(page.getByLabel('Arrival time').locator('option:checked')).toHaveText('7:30 PM');
  await expect(page.getByLabel('Departure time').locator('option:checked')).toHaveText('9:30 PM');
  await expect(tiles(page).locator('.rate-badge', { hasText: 'Event Rate' }).first()).toBeVisible();
});

test('a monthly search: start date only, monthly totals, the rate picker with its breakdown', async ({ page }) => {
  await page.goto('/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400');
  await expectPricedResults(page);
  await page.getByRole('button', { name: 'Monthly', exact: true }).click();
  await expect(page).toHaveURL(/type=monthly/);
  await expect(page).not.toHaveURL(/&to=/);
  await expect(page.getByLabel('Start date')).toBeVisible();
  await expect(page.getByLabel('Arrival time')).toHaveCount(0);
  await expectPricedResults(page);
  await expect(tiles(page).first().locator('.result-tile__per')).toHaveText('/mo');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Monthly', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await tiles(page).first().getByRole('button', { name: 'Details' }).click();
  const panel = page.getByRole('dialog');
  const rates = panel.getByRole('radio');
  await expect(rates.first()).toBeVisible({ timeout: 15_000 });
  await expect(rates.first()).toBeChecked();
  await panel.getByRole('button', { name: 'Price breakdown' }).first().click();
  await expect(panel.getByText('Each following month')).toBeVisible();
  await expect(panel.locator('.monthly-breakdown dd').first()).toHaveText(PRICE);
});

test('a monthly search offers "Sign up" at ticket-system garages, which opens that garage\'s monthly sign-up through sign-in', async ({ page, request }) => {
  await actAsOwnClient(page);
  await page.goto('/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400&type=monthly');
  await expectPricedResults(page);
  // "Sign up" exactly where the garage is on the ticket system, "Reserve" elsewhere (spec 1 §2.3).
  const locations = (await (await request.get('/locations/api/locations')).json()) as Array<{ locationId: number; skiDataLocation: boolean }>;
  const ticketSystem = new Set(locations.filter((location) => location.skiDataLocation).map((location) => String(location.locationId)));
  const bookable = tiles(page).filter({ has: page.locator('.result-tile__actions a') });
  for (const tile of await bookable.all()) {
    const id = (await tile.getAttribute('data-location-id')) ?? '';
    await expect(tile.locator('.result-tile__actions a')).toHaveText(ticketSystem.has(id) ? 'Sign up' : 'Reserve');
  }
  const tile = tiles(page).filter({ has: page.getByRole('link', { name: 'Sign up' }) }).first();
  const id = await tile.getAttribute('data-location-id');
  const address = (await tile.locator('.result-tile__address').textContent()) ?? '';
  await tile.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await signInAsDana(page);
  await expectUrl(page, new RegExp(`/reserve/monthly\\?(.*&)?locationId=${id}(&|$)`));
  await expect(page.getByRole('heading', { name: 'Monthly Parking Sign Up' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`${address}, `, { exact: false }).first()).toBeVisible();
});

test('the oversized filter prices oversized vehicles and refuses garages that take none', async ({ page }) => {
  await page.goto('/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400');
  await expectPricedResults(page);
  const standard = await tiles(page).evaluateAll((elements) => elements.map((tile) => `${tile.getAttribute('data-location-id')}=${tile.querySelector('[data-testid="result-total"]')?.textContent}`));
  await page.getByRole('button', { name: 'Oversized', exact: true }).click();
  await expect(page).toHaveURL(/oversized=1/);
  await expectPricedResults(page);
  const oversized = await tiles(page).evaluateAll((elements) => elements.map((tile) => `${tile.getAttribute('data-location-id')}=${tile.querySelector('[data-testid="result-total"]')?.textContent}`));
  expect(oversized.sort()).not.toEqual(standard.sort());
  // Every tile either shows its oversized surcharge or says it takes no oversized vehicles (with no Reserve).
  const refused = tiles(page).filter({ hasText: 'No SUV/oversized parking.' });
  for (const tile of await refused.all()) await expect(tile.getByRole('link', { name: 'Reserve' })).toHaveCount(0);
  expect((await refused.count()) + (await tiles(page).locator('.result-tile__surcharge').count())).toBeGreaterThan(0);

  // Search reset (spec 1 §4): back to Daily with oversized off, at the same place.
  await page.getByRole('button', { name: 'Monthly', exact: true }).click();
  await expect(page).toHaveURL(/type=monthly/);
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expectUrl(page, /\/search\/results\?q=Penn-Station&lat=40\.750500&lng=-73\.993400&from=[^&]+&to=[^&]+$/);
  await expect(page.getByRole('button', { name: 'Standard', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Daily', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Reset filters' })).toHaveCount(0);
  await expectPricedResults(page);
});

test.describe('current location', () => {
  test.use({ geolocation: { latitude: 40.7506, longitude: -73.9935 }, permissions: ['geolocation'] });

  test('"Use Current Location" searches from the device position, named by the nearest place', async ({ page }) => {
    await page.goto('/search/results');
    await searchBox(page).click();
    await page.getByRole('option', { name: 'Use Current Location' }).click();
    await expect(page).toHaveURL(/lat=40\.750600&lng=-73\.993500/, { timeout: 15_000 });
    // Named by the reverse lookup (the fallback name would mean it failed).
    await expect(searchBox(page)).not.toHaveValue(/^(|Current Location)$/);
    await expectPricedResults(page);
    // The nearest garages come first by distance, and the nearest is a short walk.
    await page.getByLabel('Sort by').selectOption('distance');
    await expect(tiles(page).first().locator('.result-tile__walk')).toHaveText(/min walk/);
  });
});

test('result thumbnails are WebP rasters, and they load (an SVG each was a document built on the main thread)', async ({ page }) => {
  await page.goto('/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400');
  await expectPricedResults(page);
  const thumbnail = tiles(page).first().locator('img.result-tile__thumb');
  await expect(thumbnail).toHaveAttribute('src', /\/thumbnail\.webp$/);
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(160);
});

test('a visited search reopens offline from the saved prices, marked "offline · last updated"', async ({ page, context }) => {
  const url = `/search/results?q=Penn-Station&lat=${PENN.latitude.toFixed(6)}&lng=${PENN.longitude.toFixed(6)}&from=${urlTime(1, '9:00AM')}&to=${urlTime(1, '11:00AM')}`;
  await page.goto(url);
  await expectPricedResults(page);
  await expect(page.locator('.search-map__pin').first()).toBeVisible({ timeout: 30_000 });
  await waitForServiceWorkerControl(page);
  const prices = await tiles(page).getByTestId('result-total').allTextContents();

  await context.setOffline(true);
  await page.reload();
  await expect(tiles(page).first()).toBeVisible({ timeout: 15_000 });
  expect(await tiles(page).getByTestId('result-total').allTextContents()).toEqual(prices);
  await expect(page.getByTestId('saved-copy-marker')).toHaveText(/^offline · last updated \d\d:\d\d$/);
  await expect(page.locator('.search-map__pin').first()).toBeVisible({ timeout: 30_000 });
  await context.setOffline(false);
});

test('/locations/{slug} after a search: the price for the searched times, the slideshow, Back to the search', async ({ page }) => {
  const search = `/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400&from=${urlTime(1, '9:00AM')}&to=${urlTime(1, '11:00AM')}`;
  await page.goto(search);
  await expectPricedResults(page);
  const tile = tiles(page).filter({ has: page.getByRole('link', { name: 'Reserve' }) }).first();
  const total = await tile.getByTestId('result-total').textContent();
  const slug = /\/reserve\/daily\/([^/?]+)/.exec((await tile.getByRole('link', { name: 'Reserve' }).getAttribute('href')) ?? '')?.[1];
  expect(slug).toBeTruthy();
  // The search screen remembers its search for the tab once it has hydrated (lib/last-search.ts):
  // its part of the page may hydrate after the app has attached, when its chunk has loaded.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('pf-last-search'))).toContain('Penn-Station');

  await page.goto(`/locations/${slug}`);
  await expect(page.getByTestId('detail-total')).toHaveText(total ?? '', { timeout: 15_000 });
  await expect(page.locator('.location-price__when')).toContainText('9:00 AM');
  // The garage's panel, over the search around it (decision 0115).
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Reserve' })).toHaveAttribute('href', new RegExp(`^/reserve/daily/${slug}\\?from=`));
  const slideshow = page.getByRole('region', { name: 'Photos' });
  if (await slideshow.getByRole('button', { name: 'Next photo' }).isVisible()) {
    await slideshow.getByRole('button', { name: 'Next photo' }).click();
    await expect(slideshow).toContainText('Photo 2 of');
  }
  await page.getByRole('button', { name: '‹ Back to search' }).click();
  await expectUrl(page, new RegExp(`/search/results\\?q=Penn-Station&lat=40.750500&lng=-73.993400&from=${urlTime(1, '9:00AM')}`));
  await expectPricedResults(page);
});

test('the "Park and Train in NJ" card opens the content search near Secaucus', async ({ page, request }) => {
  await page.goto('/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400');
  await expectPricedResults(page);
  const card = page.getByRole('complementary', { name: 'Park and Train in NJ' });
  await card.getByRole('link', { name: 'See Locations' }).click();
  await expect(page).toHaveURL(/\/search\/content\/\d+\/park-and-train-in-nj$/);
  await expectPricedResults(page);
  const locations = (await (await request.get('/locations/api/locations')).json()) as Array<{ locationId: number; area: string }>;
  const secaucus = locations.filter((location) => location.area === 'secaucus').map((location) => String(location.locationId));
  await page.getByLabel('Sort by').selectOption('distance');
  // The list re-sorts on the next render: read the first tile until it has (a first read could see the old order).
  await expect.poll(async () => secaucus.includes((await tiles(page).first().getAttribute('data-location-id')) ?? '')).toBe(true);
});

test('the one-time tooltip about times appears after load and, dismissed, stays away', async ({ page }) => {
  // Once per test (not on the reload below): a device that has never seen the tooltip.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('tooltip-reset')) return;
    sessionStorage.setItem('tooltip-reset', '1');
    localStorage.removeItem('pf-search-tooltip-seen');
  });
  await page.goto('/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400');
  const tip = page.getByText('Set your times for the exact price.', { exact: true });
  await expect(tip).toBeVisible();
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(tip).toBeHidden();
  await page.reload();
  await page.waitForTimeout(1_200);
  await expect(tip).toBeHidden();
});
