/**
 * Public pages arrive rendered (README "Server rendering"): with JavaScript off, each page's main
 * content and its head tags are in the server's HTML; with JavaScript on, hydration attaches to
 * that HTML without a console error or a React hydration mismatch, and without fetching again
 * the data the server sent.
 */
import { expect, test, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { waitForAttached } from '../support/app-attach.ts';

const LOCATION = '/locations/123-w-44th-st-new-york';
/** A real search (Penn Station), without times: the page suggests them. */
const SEARCH = '/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400';
const PRICE_OR_NA = /^(\$\d+(\.\d\d)?|N\/A)$/;

/** Each server-rendered page, with a heading of its main content. */
const PAGES: Array<{ path: string; heading: RegExp }> = [
  { path: '/', heading: /Parking in New York & New Jersey/ },
  { path: '/locations', heading: /Our Locations/ },
  { path: LOCATION, heading: /123 W 44th St/ },
  { path: '/FAQ', heading: /Frequently Asked Questions/ },
  { path: '/about', heading: /About/ },
  { path: '/privacy-policy', heading: /Privacy/ },
  { path: '/parkandpay/welcome', heading: /Pay by Plate/ },
  { path: '/parkandpay/welcome?location=1044', heading: /Pay by Plate/ },
  { path: SEARCH, heading: /^\d+ garages$/ },
];

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of PAGES) {
    test(`${path} arrives with its content and head tags`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('main').getByRole('heading', { name: heading }).first()).toBeVisible();
      await expect(page).toHaveTitle(/ParkFair/);
      const canonicalPath = path.split('?')[0] ?? path;
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${canonicalPath}`);
      await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /\w/);
      await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', /ParkFair/);
      await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}${canonicalPath}`);
    });
  }

  test('the home page has its banners, the lot buttons, the promo tiles and the footer', async ({ page }) => {
    await page.goto('/');
    // Announcement banners are in the HTML: the browser never waits for them.
    await expect(page.getByRole('complementary', { name: 'Announcements' })).toContainText('Thanksgiving weekend');
    await expect(page.getByRole('navigation', { name: 'Lot' }).getByRole('link', { name: 'Pay by Plate' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
  });

  test('a location page carries its ParkingFacility data and its notices', async ({ page }) => {
    await page.goto(LOCATION);
    await expect(page.getByText('Hours of operation')).toBeVisible();
    const data = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'ParkingFacility',
      address: { streetAddress: '123 W 44th St', addressLocality: 'New York', addressRegion: 'NY' },
      geo: { '@type': 'GeoCoordinates' },
      openingHours: ['Mo-Su 00:00-23:59'],
    });
  });

  test('the welcome page with a lot code shows the garage', async ({ page }) => {
    await page.goto('/parkandpay/welcome?location=1044');
    await expect(page.getByText('Lot code 1044')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Activate Parking' })).toBeVisible();
  });

  test('a search arrives with its garages and their all-in prices; the map is left to the browser', async ({ page }) => {
    await page.goto(SEARCH);
    await expect(page).toHaveTitle('Parking near Penn Station | ParkFair');
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /near Penn Station/);
    const tiles = page.locator('.result-tile');
    expect(await tiles.count()).toBeGreaterThan(3);
    await expect(page.locator('.result-tile--skeleton')).toHaveCount(0);
    await expect(page.getByText('Calculating rates...')).toHaveCount(0);
    await expect(tiles.getByRole('heading', { name: '123 W 44th St' })).toBeVisible();
    const totals = await tiles.getByTestId('result-total').allTextContents();
    for (const total of totals) expect(total).toMatch(PRICE_OR_NA);
    expect(totals.filter((total) => total !== 'N/A').length).toBeGreaterThan(3);
    // Walks from the walking matrix, rendered with the prices.
    await expect(tiles.locator('.result-tile__walk', { hasText: 'min walk' }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of results' })).toContainText('Loading map...');
  });

  test('an event search arrives at the venue with its event rates', async ({ page, request }) => {
    const answer = (await (await request.get('/search/api/poi/events/autocomplete?input=Nets%20Raptors')).json()) as { results: Array<{ id: number; slug: string; venueName: string }> };
    const event = answer.results[0];
    expect(event).toBeDefined();
    await page.goto(`/search/event/${event!.id}/${event!.slug}`);
    await expect(page).toHaveTitle(`Parking near ${event!.venueName} | ParkFair`);
    await expect(page.locator('.result-tile__total').first()).toHaveText(PRICE_OR_NA);
    await expect(page.locator('.result-tile .rate-badge', { hasText: 'Event' }).first()).toBeVisible();
  });

  test('an unknown location is a 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/locations/no-such-garage');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'No Parking Here' })).toBeVisible();
  });
});

/**
 * Console errors and warnings, page errors, and the API reads made after the page's HTML. A search
 * page's prices, walks and place came with it too. (A location page still prices the default
 * times in the browser: the tab's last search, in sessionStorage, may ask for other times.)
 */
function watch(page: Page, { isSearch = false } = {}) {
  const problems: string[] = [];
  const apiReads: string[] = [];
  page.on('console', (message) => {
    // The software GL driver's own notes (the search map draws with WebGL) are not the app's.
    if (message.text().includes('GL Driver Message')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/(locations|content)\/api\//.test(pathname) || (isSearch && /^\/(rates|search)\/api\//.test(pathname))) apiReads.push(`${request.method()} ${pathname}`);
  });
  return { problems, apiReads };
}

test.describe('hydration', () => {
  for (const { path, heading } of PAGES) {
    test(`${path} hydrates without an error or a mismatch, with the server's data`, async ({ page }) => {
      const { problems, apiReads } = watch(page, { isSearch: path.startsWith('/search/') });
      await page.goto(path);
      await expect(page.locator('main').getByRole('heading', { name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The router's HeadContent has replaced the server's head tags: one of each.
      await expect(page.locator('title')).toHaveCount(1);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      expect(problems).toEqual([]);
      // The data came with the page (dehydrated query cache): nothing read again on load.
      expect(apiReads).toEqual([]);
    });
  }

  test("a server-rendered page asks for the app's scripts only once its content is painted", async ({ page }) => {
    await page.goto('/FAQ');
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => ({
      contentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      firstScript: Math.min(...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => /\/assets\/.*\.js$/.test(entry.name)).map((entry) => entry.startTime)),
    }));
    // Scripts asked for before the paint share the slow network with its stylesheets (public/after-paint.js).
    expect(timing.contentfulPaint).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.contentfulPaint ?? Number.POSITIVE_INFINITY);
  });

  test('after the paint, the entry and every chunk the page names are asked for (public/after-paint.js)', async ({ page }) => {
    await page.goto('/locations/123-w-44th-st-new-york');
    await page.waitForLoadState('networkidle');
    const { named, preloaded, requested } = await page.evaluate(() => {
      const tag = document.querySelector('script[data-entry]');
      const absolute = (href: string) => new URL(href, document.baseURI).href;
      return {
        named: [tag?.getAttribute('data-entry') ?? '', ...(tag?.getAttribute('data-chunks') ?? '').split(' ')].filter(Boolean).map(absolute),
        preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
        requested: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => entry.name),
      };
    });
    // The entry and at least the framework, the app and the page's own chunk.
    expect(named.length).toBeGreaterThan(3);
    for (const href of named.slice(1)) expect(preloaded).toContain(href);
    for (const href of named) expect(requested).toContain(href);
  });

  test('the render after hydration draws what only the browser knows: an accepted cookie notice goes', async ({ page }) => {
    const { problems } = watch(page);
    await page.addInitScript(() => localStorage.setItem('pf-cookie-accepted', 'true'));
    const response = await page.goto('/FAQ');
    // The server cannot know it was accepted: its HTML has the notice, and so has the hydrating render.
    expect(await response?.text()).toContain('aria-label="Cookie notice"');
    // src/lib/hydration.ts: the render after hydration (a transition) removes it.
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test("a location page in a tab with a last search hydrates the server's times, then prices the tab's", async ({ page }) => {
    const { problems } = watch(page);
    // The tab searched 9:00–11:00 New York time three days ahead (lib/last-search.ts); the server
    // cannot know that. Its own times are the next half-hour slot (today or tomorrow), so the day
    // and hour together never match them, whatever the clock says when the suite runs.
    const arrival = Temporal.Now.zonedDateTimeISO('America/New_York').add({ days: 3 }).round({ smallestUnit: 'day', roundingMode: 'floor' }).with({ hour: 9 }).epochMilliseconds;
    const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(arrival);
    const searched = `${day} 9:00 AM`;
    await page.addInitScript(
      (search) => sessionStorage.setItem('pf-last-search', JSON.stringify(search)),
      { type: 'DAILY', arrival, departure: arrival + 2 * 3_600_000, isOversized: false, href: SEARCH },
    );
    const response = await page.goto(LOCATION);
    expect(await response?.text()).not.toContain(searched);
    await expect(page.locator('.location-price__when')).toContainText(searched);
    await expect(page.getByTestId('detail-total')).toHaveText(PRICE_OR_NA);
    expect(problems).toEqual([]);
  });

  test('a search link without times takes the suggested times before the app starts: no navigation after hydration', async ({ page }) => {
    const { problems } = watch(page, { isSearch: true });
    // Every change of address, and whether React had taken the page over when it was made.
    await page.addInitScript(() => {
      const writes: { url: string; isAppRunning: boolean }[] = [];
      const isAppRunning = () => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'));
      for (const name of ['pushState', 'replaceState'] as const) {
        const write = history[name].bind(history);
        history[name] = (state: unknown, unused: string, url?: string | URL | null) => {
          if (url != null && new URL(url, location.href).href !== location.href) writes.push({ url: String(url), isAppRunning: isAppRunning() });
          write(state, unused, url);
        };
      }
      Object.assign(window, { __addressWrites: writes });
    });
    await page.goto(SEARCH);
    await waitForAttached(page);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/[?&]from=[^&]+&to=/);
    const writes = await page.evaluate(() => (window as unknown as { __addressWrites: { url: string; isAppRunning: boolean }[] }).__addressWrites);
    // One write, the server's address (data-address), made before the router and React started.
    expect(writes).toEqual([{ url: expect.stringMatching(/^\/search\/results\?q=Penn-Station&lat=40\.750500&lng=-73\.993400&from=[^&]+&to=[^&]+$/), isAppRunning: false }]);
    await expect(page.getByTestId('result-total').first()).toHaveText(PRICE_OR_NA);
    expect(problems).toEqual([]);
  });

  test('a hydrated page responds: the home page links navigate in the app', async ({ page }) => {
    const { problems } = watch(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // A page that only looked rendered would reload on the click and lose this mark.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.getByRole('link', { name: 'See Our Locations' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(page.getByRole('heading', { name: /Our Locations/ })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(problems).toEqual([]);
  });
});
