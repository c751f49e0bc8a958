/**
 * The lot on a phone (issue 22): every screen a driver meets at the lot, run by the phone projects
 * of tests/playwright.config.ts (Pixel 7 at 412 × 915 and a small 360 × 640, touch, mobile
 * viewport). Each screen is checked at the browser's text size and at 200 % text — the root font
 * size doubled (`document.documentElement.style.fontSize = '200%'`), which is what Android's
 * font-size setting does to a page in Chrome; the exit pass is also checked at 200 % page zoom
 * (the CSS viewport halved). On every screen: no sideways scroll, every visible button, field and
 * select at least 24 × 24 CSS px (WCAG 2.2 target size), every main action (`.button`, submit) at
 * least 44 px high.
 * The cookie notice is never answered in this file: it must stay off the lot screens and never
 * cover anything — in particular the exit pass, whose QR must be fully on screen and hit by
 * `elementFromPoint` at its centre and four corners.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { chooseNewCard, DANA, newGarageTicket, signInAsDana } from '../support/lot-driver.ts';
import { actAsOwnClient } from '../support/phone-sign-up.ts';
import { PHONES } from '../support/phones.ts';

const LOT_CODE = '1044';
const TEXT_SIZES = ['100%', '200%'] as const;
type TextSize = (typeof TEXT_SIZES)[number];

type LayoutReport = { sidewaysScroll: number; smallTargets: string[]; lowActions: string[] };

/** Measured in the page: overflow past the viewport, and the controls that are too small. */
function auditLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const describe = (element: Element, rect: DOMRect) => {
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    };
    // Shown, and not a visually hidden input whose label is the target.
    const isShown = (element: Element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !element.closest('.visually-hidden');
    const scroller = document.scrollingElement ?? document.documentElement;
    const smallTargets: string[] = [];
    for (const element of document.querySelectorAll('button, input:not([type="hidden"]), select, textarea, [role="button"]')) {
      if (!isShown(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width < 24 || rect.height < 24) smallTargets.push(describe(element, rect));
    }
    const lowActions: string[] = [];
    for (const element of document.querySelectorAll('main .button, main [type="submit"]')) {
      if (!isShown(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.height < 44) lowActions.push(describe(element, rect));
    }
    return { sidewaysScroll: scroller.scrollWidth - window.innerWidth, smallTargets, lowActions };
  });
}

async function setTextSize(page: Page, size: TextSize | ''): Promise<void> {
  await page.evaluate((value) => {
    document.documentElement.style.fontSize = value;
  }, size);
  // Two frames: the new size is laid out before anything is measured.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The screen as it is now, at both text sizes (soft: one run lists every screen that fails). */
async function expectPhoneLayout(page: Page, screen: string): Promise<void> {
  for (const size of TEXT_SIZES) {
    await setTextSize(page, size);
    const report = await auditLayout(page);
    expect.soft(report.sidewaysScroll, `${screen} at ${size} text: sideways scroll in px`).toBeLessThanOrEqual(0);
    expect.soft(report.smallTargets, `${screen} at ${size} text: controls under 24 × 24`).toEqual([]);
    expect.soft(report.lowActions, `${screen} at ${size} text: main actions under 44 px high`).toEqual([]);
  }
  await setTextSize(page, '');
}

/** Opens a screen and waits until its data is in (its heading shows and the network is quiet). */
async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Loading...')).toHaveCount(0);
}

/** The QR is inside the viewport, at least 70 % of its short side, and on top at its centre and corners. */
async function expectNothingCoversThePass(page: Page, label: string): Promise<void> {
  const qr = page.getByRole('img', { name: /^QR code / });
  await expect(qr).toBeVisible();
  const seen = await qr.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const inset = 2;
    const points: Array<[number, number]> = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + inset, rect.top + inset],
      [rect.right - inset, rect.top + inset],
      [rect.left + inset, rect.bottom - inset],
      [rect.right - inset, rect.bottom - inset],
    ];
    return {
      isInViewport: rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight && rect.right <= window.innerWidth,
      sizeShare: rect.width / Math.min(window.innerWidth, window.innerHeight),
      hits: points.map(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === element || element.contains(hit));
      }),
    };
  });
  expect.soft(seen.isInViewport, `${label}: the whole QR is on screen`).toBe(true);
  expect.soft(seen.sizeShare, `${label}: the QR is sized to the screen, not a fixed 240 px`).toBeGreaterThanOrEqual(0.7);
  expect.soft(seen.hits, `${label}: centre and four corners of the QR are not covered`).toEqual([true, true, true, true, true]);
}

async function locationIdOf(lotCode: string): Promise<number> {
  const response = await fetch(`${E2E_BASE_URL}/locations/api/locations/by-number/${lotCode}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { locationId: number }).locationId;
}

test.beforeEach(({ page }) => actAsOwnClient(page));

async function everyLotScreenFits({ page }: { page: Page }): Promise<void> {
  test.setTimeout(240_000);
  const ticketNumber = await newGarageTicket(95);

  // Signed out: the lot code, the two sign-ins and the paper-ticket screens.
  await openScreen(page, '/parkandpay/welcome');
  await expectPhoneLayout(page, 'lot code');
  await expect.soft(page.getByRole('button', { name: 'Continue' }), 'one Continue on the lot-code screen').toHaveCount(1);
  await expect.soft(page.getByRole('region', { name: 'Cookie notice' }), 'no cookie notice on lot screens').toHaveCount(0);
  await openScreen(page, `/parkandpay/welcome?location=${LOT_CODE}`);
  await expect(page.getByRole('button', { name: 'Activate Parking' })).toBeVisible();
  await expectPhoneLayout(page, 'activate parking');
  await openScreen(page, '/parkandpay/sign-in');
  await expectPhoneLayout(page, 'park-and-pay sign-in');
  for (const [path, screen] of [
    ['/?source=pwa', 'home (the start URL)'],
    ['/retrieve-car', 'retrieve: ticket entry'],
    [`/retrieve-car/${ticketNumber}`, 'retrieve: ticket'],
    ['/pay-for-parking', 'pay: ticket entry'],
    [`/leavefast/choose/${ticketNumber}`, 'ticket: choose'],
    [`/leavefast/ticket/${ticketNumber}/redeem/48213977`, 'redeem'],
    ['/leavefast/scan', 'scan a ticket'],
    ['/retrieve-car/scan', 'retrieve: scan a ticket'],
  ] as const) {
    await openScreen(page, path);
    await expectPhoneLayout(page, screen);
  }

  // The site's sign-in is not a lot screen: the notice shows there, below the page, covering nothing.
  await openScreen(page, '/sign-in');
  await expectPhoneLayout(page, 'sign-in');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  const mainBox = await page.locator('main').boundingBox();
  const noticeBox = await notice.boundingBox();
  expect.soft(noticeBox && mainBox && noticeBox.y >= mainBox.y + mainBox.height, 'the cookie notice sits below the page, not over it').toBe(true);
  await signInAsDana(page);

  // Signed in: the session and its exit pass, digital tickets, the pay-by-plate steps, the pay screen.
  await openScreen(page, `/parkandpay/session?licensePlate=${DANA.plate}`);
  await expectPhoneLayout(page, 'session');
  for (const size of TEXT_SIZES) {
    await setTextSize(page, size);
    await page.getByRole('button', { name: 'Show Exit Pass' }).click();
    await expectNothingCoversThePass(page, `exit pass at ${size} text`);
    const report = await auditLayout(page);
    expect.soft(report.sidewaysScroll, `exit pass at ${size} text: sideways scroll in px`).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Hide Exit Pass' }).click();
  }
  await setTextSize(page, '');
  // Page zoom at 200 % halves the CSS viewport (206 px wide on a Pixel 7): the pass still fits.
  const phone = page.viewportSize() ?? { width: 360, height: 640 };
  await page.setViewportSize({ width: Math.round(phone.width / 2), height: Math.round(phone.height / 2) });
  await page.getByRole('button', { name: 'Show Exit Pass' }).click();
  await expect(page.getByRole('img', { name: /^QR code / })).toBeVisible();
  expect.soft((await auditLayout(page)).sidewaysScroll, 'exit pass at 200 % page zoom: sideways scroll in px').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Hide Exit Pass' }).click();
  await page.setViewportSize(phone);

  // With her car parked, the start URL shows the pass itself, drawn from the matrix the device kept
  // for the car it puts first (the newest: another spec may have parked a second car of hers), so
  // that car's pass is opened once from the home card first. Nothing covers it there either.
  await openScreen(page, '/');
  await page.getByRole('link', { name: /^Your car at / }).click();
  const firstCarQr = page.getByRole('img', { name: /^QR code / });
  await expect(firstCarQr).toBeVisible();
  const firstCarTicket = ((await firstCarQr.getAttribute('aria-label')) ?? '').replace('QR code ', '');
  await expect.poll(() => page.evaluate((ticket) => (window.localStorage.getItem('pf-exit-pass-qr') ?? '').includes(`/app/${ticket}`), firstCarTicket)).toBe(true);
  await openScreen(page, '/?source=pwa');
  await expect(page.getByRole('img', { name: `QR code ${firstCarTicket}` })).toBeVisible();
  await expectNothingCoversThePass(page, 'exit pass on the start URL');
  await expectPhoneLayout(page, 'home (the start URL) with the pass');

  await openScreen(page, '/parkandpay/digital-tickets');
  await expectPhoneLayout(page, 'digital tickets');

  const locationId = await locationIdOf(LOT_CODE);
  await page.evaluate(
    (draft) => localStorage.setItem('pf-parkandpay-draft', JSON.stringify(draft)),
    { locationId, locationNumber: LOT_CODE, licensePlate: 'PHONE22' },
  );
  // Dana has no saved vehicles (the vehicle step shows the add form then); the others must open as themselves.
  await openScreen(page, '/parkandpay/vehicles');
  await expectPhoneLayout(page, 'pick or add a vehicle');
  for (const [path, screen] of [
    ['/parkandpay/enter-vehicle-info', 'add a vehicle'],
    ['/parkandpay/find-reservation', 'find a reservation'],
    // The prepaid prompt is part of this screen (decision 0111).
    ['/parkandpay/reservation-payment', 'reservation payment'],
  ] as const) {
    await openScreen(page, path);
    await expect(page, `${screen} opens`).toHaveURL(new RegExp(path));
    await expectPhoneLayout(page, screen);
  }
  await chooseNewCard(page);
  await expectPhoneLayout(page, 'reservation payment, new card');

  await openScreen(page, `/pay-for-parking/${ticketNumber}`);
  await chooseNewCard(page);
  await expectPhoneLayout(page, 'pay a ticket');
  // A declined card leaves nothing shifted or wider than the phone.
  await page.getByLabel('Name on card *').fill('Dana Driver');
  await page.getByLabel('Card number *').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry date *').fill('12/34');
  await page.getByLabel('CVC *').fill('123');
  await page.getByLabel('ZIP Code *').fill('10036');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const refusal = page.getByRole('alert').filter({ hasText: /declined/ });
  await expect(refusal).toBeVisible({ timeout: 20_000 });
  await expectPhoneLayout(page, 'pay a ticket, card declined');
  expect(await page.evaluate(() => window.scrollX), 'the page is not shifted left after a decline').toBe(0);
  // Another card: the refusal was about the old one.
  await page.getByLabel('Card number *').fill('4242 4242 4242 4242');
  await expect(refusal).toHaveCount(0);
}

// Each phone in turn: this spec runs in the one-worker shared lane (tests/playwright.config.ts).
for (const phone of PHONES) {
  test.describe(phone.name, () => {
    test.use(phone.use);
    test.beforeEach(({ page }) => expect(page.viewportSize()).toEqual(phone.use.viewport));
    test('every lot screen fits the phone, at 200 % text too, and nothing covers the exit pass', everyLotScreenFits);
  });
}
