/**
 * Reserve times on a touch phone (issue 38 item 6; runs on pixel-7 412×915 and phone-360 360×640):
 * a Reserve link whose window is in the past, or whose departure is before its arrival, opens with
 * the driver's times still in the fields and a message beside them saying what to fix — never
 * moved silently to another window — and nothing can be paid until the window is valid.
 */
import type { Page } from '@playwright/test';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';

test.beforeEach(({ context }) => prepareDriverContext(context));

const PAST = 'The arrival time you chose has already passed. Choose a later arrival time.';
const BACKWARDS = 'The departure time must be after the arrival time. Choose a later departure time.';

/** A New York date `days` from today, as YYYY-MM-DD. */
const newYorkDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
/** The reserve URL's time format (src/lib/reserve-links.ts): MM-DD-YYYYTh:mmAM/PM. */
const urlTime = (date: string, time: string) => {
  const [year, month, day] = date.split('-');
  return `${month}-${day}-${year}T${time}`;
};

async function midtownSlug(): Promise<string> {
  const garages = (await (await fetch(`${E2E_BASE_URL}/locations/api/locations`)).json()) as { locationNumber: string; seoUrl: string }[];
  const found = garages.find((g) => g.locationNumber === '1044');
  if (!found) throw new Error('no garage 1044');
  return found.seoUrl;
}

async function expectBlocked(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Reserve' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toHaveCount(0);
  await expect(page.getByTestId('reserve-total')).toHaveCount(0);
}

test('a past window and a backwards window keep the driver\'s times, say what to fix, and cannot be paid', async ({ page }) => {
  test.slow();
  const slug = await midtownSlug();
  const yesterday = newYorkDate(-1);
  const tomorrow = newYorkDate(1);

  // Yesterday 6:00 PM – 9:00 PM: shown as asked, with the message, not moved to tonight.
  await page.goto(`/reserve/daily/${slug}?from=${urlTime(yesterday, '6:00PM')}&to=${urlTime(yesterday, '9:00PM')}`);
  await registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'times', firstName: 'Tim', lastName: 'Times' });
  await expect(page).toHaveURL(new RegExp(`/reserve/daily/${slug}\\?from=`));
  const problems = page.getByTestId('reserve-time-problems');
  await expect(problems).toContainText(PAST);
  await expect(page.getByLabel('Arrival date')).toHaveValue(yesterday);
  await expect(page.getByLabel('Arrival date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Arrival time').locator('option:checked')).toHaveText('6:00 PM');
  await expect(page.getByLabel('Departure date')).toHaveValue(yesterday);
  await expect(page.getByLabel('Departure time').locator('option:checked')).toHaveText('9:00 PM');
  await expectBlocked(page);

  // Moving the stay is the driver's choice: the fields change in view and paying opens.
  await problems.getByRole('button', { name: 'Use the next available times' }).tap();
  await expect(problems).toHaveCount(0);
  await expect(page.getByLabel('Arrival date')).not.toHaveValue(yesterday);
  await expect(page.getByTestId('reserve-total')).toBeVisible();

  // Tomorrow 6:00 PM – 5:00 PM: the departure stays 5:00 PM with the message, nothing to pay.
  await page.goto(`/reserve/daily/${slug}?from=${urlTime(tomorrow, '6:00PM')}&to=${urlTime(tomorrow, '5:00PM')}`);
  await expect(problems).toContainText(BACKWARDS);
  await expect(problems).not.toContainText(PAST);
  await expect(page.getByLabel('Arrival date')).toHaveValue(tomorrow);
  await expect(page.getByLabel('Arrival time').locator('option:checked')).toHaveText('6:00 PM');
  await expect(page.getByLabel('Departure date')).toHaveValue(tomorrow);
  await expect(page.getByLabel('Departure date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Departure time').locator('option:checked')).toHaveText('5:00 PM');
  await expectBlocked(page);

  // The driver fixes the departure in the picker: the message goes, the rate for 6–9 PM shows.
  await page.getByLabel('Departure time').selectOption({ label: '9:00 PM' });
  await expect(problems).toHaveCount(0);
  await expect(page.getByLabel('Arrival time').locator('option:checked')).toHaveText('6:00 PM');
  await expect(page.getByTestId('reserve-total')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay \$/ }).first()).toBeVisible();
});
