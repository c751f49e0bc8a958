/**
 * The search finds what a driver types, on the phone projects (412 × 915 and 360 × 640, touch):
 * issue 38 item 9. A ZIP code is a place, and Enter on it picks it even before the suggestions
 * come; a misspelt place is found, and a text that names nothing says so; what is typed while
 * the page is still attaching stays; the selected garage's card on the map shows its price above
 * every marker; a garage with no price for the stay says why.
 */
import { expect, type Page, test } from '@playwright/test';

const SEARCH = '/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400';
const box = (page: Page) => page.getByRole('combobox', { name: 'Search Address or Location' });
/** React has attached to the server's page (index.html keeps typed text until then, not keys like Enter). */
const attached = (page: Page) => page.waitForFunction(() => (window as { __pfAttached?: boolean }).__pfAttached === true);
const searchedPoint = (page: Page) => {
  const url = new URL(page.url());
  return { q: url.searchParams.get('q'), lat: Number(url.searchParams.get('lat')), lng: Number(url.searchParams.get('lng')) };
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pf-search-tooltip-seen', '1'));
});

test('a ZIP code is found, and Enter on five digits picks the ZIP code, not a street number', async ({ page }) => {
  await page.goto(SEARCH);
  await expect(page.locator('.result-tile:not(.result-tile--skeleton)').first()).toBeVisible({ timeout: 20_000 });
  await attached(page);

  // Typed and Enter at once, faster than the 500 ms the suggestions wait for: "10001" is the ZIP
  // code at Penn Station (not "1001 Sixth Avenue").
  await box(page).fill('10001');
  await box(page).press('Enter');
  await expect.poll(() => searchedPoint(page).q).toBe('10001');
  expect(Math.abs(searchedPoint(page).lat - 40.7484)).toBeLessThan(0.01);
  expect(Math.abs(searchedPoint(page).lng - -73.9967)).toBeLessThan(0.01);

  // Suggested as a ZIP code, in New Jersey too.
  await box(page).fill('07302');
  const zip = page.getByRole('option', { name: /^07302\s*ZIP code · Jersey City, NJ$/ });
  await expect(zip).toBeVisible();
  await zip.click();
  await expect.poll(() => searchedPoint(page).q).toBe('07302');
  expect(Math.abs(searchedPoint(page).lat - 40.722)).toBeLessThan(0.01);
  await expect(page.locator('.result-tile:not(.result-tile--skeleton)').first()).toBeVisible({ timeout: 20_000 });
});

test('a misspelt place is found, and a text that names nothing says so', async ({ page }) => {
  await page.goto(SEARCH);
  await attached(page);
  await box(page).fill('Time Sqare');
  await expect(page.getByRole('option', { name: /^Times Sq/ }).first()).toBeVisible();

  await box(page).fill('Qxzv Wkjq');
  const nothing = page.getByRole('option', { name: 'No places match “Qxzv Wkjq”. Check the spelling, or search by address, ZIP code or station.' });
  await expect(nothing).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No places match “Qxzv Wkjq”' })).toHaveCount(1);
  // Enter on it goes nowhere and keeps the message.
  await box(page).press('Enter');
  await expect(nothing).toBeVisible();
  expect(searchedPoint(page).q).toBe('Penn-Station');
  // The message answers the text in the box: once it changes, the message goes.
  await box(page).fill('Penn Sta');
  await expect(nothing).toBeHidden();
  await expect(page.getByRole('option', { name: /Penn Station/ }).first()).toBeVisible();
});

for (const [where, url] of [['home', '/'], ['search', SEARCH]] as const) {
  test(`letters typed while the server-rendered ${where} page is still attaching are all kept`, async ({ page }) => {
    // The app's scripts are held until the first letter is in, as on a slow phone: the next letters
    // land while React attaches (the home box hydrates after the page: it is behind a Suspense boundary).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(url, { waitUntil: 'commit' });
    const input = box(page);
    await input.tap();
    await input.evaluate((field) => (field as HTMLInputElement).select());
    // Not the page's own "Penn Station": a reset to the server's text would show.
    await page.keyboard.type('G');
    release();
    await page.keyboard.type('rand Central', { delay: 40 });
    await attached(page);
    await page.waitForTimeout(1_000); // the kept input has been given back
    await expect(input).toHaveValue('Grand Central');
    await expect(page.getByRole('option', { name: /^Grand Central Terminal/ }).first()).toBeVisible();
  });
}

test('the selected garage\'s card shows its price above every marker of the map', async ({ page }) => {
  test.setTimeout(150_000); // the map's chunk and WebGL on a software renderer
  await page.goto(SEARCH);
  await expect(page.locator('.result-tile:not(.result-tile--skeleton)').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const pins = page.locator('.search-map__pin');
  await expect(pins.first()).toBeVisible({ timeout: 30_000 });
  await pins.first().click();
  const card = page.getByRole('region', { name: /Selected garage/ });
  const price = card.locator('.map-bottom-card__price');
  await expect(price).toHaveText(/^(\$\d|N\/A)/);
  // The card is on the screen, whole, without scrolling for it.
  const viewport = page.viewportSize()!;
  await expect.poll(async () => (await card.boundingBox())!.y + (await card.boundingBox())!.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect((await card.boundingBox())!.y).toBeGreaterThanOrEqual(0);

  // Drag the map so that another garage's marker sits right where the card shows the price.
  const priceBox = (await price.boundingBox())!;
  const pinBox = (await pins.nth(1).boundingBox())!;
  const mapBox = (await page.locator('.search-map .maplibregl-map').boundingBox())!;
  const start = { x: viewport.width / 2, y: Math.max(mapBox.y, 0) + 30 };
  const dx = priceBox.x + priceBox.width / 2 - (pinBox.x + pinBox.width / 2);
  const dy = priceBox.y + priceBox.height / 2 - (pinBox.y + pinBox.height / 2);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 1; step <= 4; step += 1) await page.mouse.move(start.x + (dx * step) / 4, start.y + (dy * step) / 4);
  await page.mouse.up();
  await page.waitForTimeout(500);

  const covered = await page.evaluate(() => {
    const priceElement = document.querySelector('.map-bottom-card__price')!;
    const area = priceElement.getBoundingClientRect();
    const overlapping = [...document.querySelectorAll('.search-map__pin')].filter((pin) => {
      const r = pin.getBoundingClientRect();
      return r.right > area.left && r.left < area.right && r.bottom > area.top && r.top < area.bottom;
    });
    // Every point of the price is the card's, whatever marker lies beneath.
    const hidden: string[] = [];
    for (let x = area.left + 2; x < area.right - 1; x += 4) {
      for (let y = area.top + 2; y < area.bottom - 1; y += 4) {
        const top = document.elementFromPoint(x, y);
        if (!top?.closest('.map-bottom-card')) hidden.push(`${Math.round(x)},${Math.round(y)}: ${top?.className ?? 'nothing'}`);
      }
    }
    return { overlapping: overlapping.length, hidden };
  });
  expect(covered.overlapping).toBeGreaterThan(0); // the drag did put a marker under the price
  expect(covered.hidden).toEqual([]);
});

/** The next Sunday at least two days ahead, in the MM-DD-YYYY the search URL takes (New York's calendar). */
function nextSunday(): string {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  const day = new Date(today);
  day.setDate(today.getDate() + 2);
  while (day.getDay() !== 0) day.setDate(day.getDate() + 1);
  return `${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}-${day.getFullYear()}`;
}

test('a garage closed on the searched day says so instead of a bare N/A', async ({ page }) => {
  test.setTimeout(120_000);
  // 33 Maiden Ln (Financial District) is open Mon–Fri 6 AM–9 PM, closed weekends.
  const sunday = nextSunday();
  await page.goto(`/search/results?q=Wall-Street&lat=40.706200&lng=-74.009100&from=${sunday}T10:00AM&to=${sunday}T2:00PM`);
  const tile = page.locator('.result-tile').filter({ has: page.getByRole('heading', { name: '33 Maiden Ln' }) });
  await expect(tile.getByTestId('result-total')).toHaveText('N/A', { timeout: 20_000 });
  await expect(tile.getByTestId('result-unavailable')).toHaveText('This location is closed at the selected arrival time. Hours: Mon–Fri 6 AM–9 PM, Sat–Sun Closed.');

  // The map's card for it says the same.
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const pin = page.locator('.search-map__pin[aria-label^="33 Maiden Ln"]');
  await expect(pin).toBeVisible({ timeout: 30_000 });
  await pin.click();
  const card = page.getByRole('region', { name: 'Selected garage: 33 Maiden Ln' });
  await expect(card.locator('.map-bottom-card__price')).toHaveText('N/A');
  await expect(card.getByText('This location is closed at the selected arrival time.', { exact: false })).toBeVisible();
});
