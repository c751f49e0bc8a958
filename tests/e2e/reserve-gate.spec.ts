/**
 * Daily reservations end to end, the rest of issue 18 item 6 (reserve.spec.ts has the coupon,
 * double click, offline pass, cancel and refund, blackout): a paid reservation redeemed at the
 * gate on a paper ticket through the redeem-choose scanner, a $0 reservation made with no card
 * form, and a reload while the card is being charged leaving one reservation and one charge.
 * Real Chromium (a fake camera showing the ticket's QR), the real server on a fresh database, the
 * Auth emulator, the built-in test processor.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { reserveHref } from '../../src/lib/reserve-links.ts';
import { makeTicketCamera, ticketQrText } from '../fixtures/qr/ticket-camera.ts';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { E2E_BASE_URL, REPO_ROOT } from '../support/e2e-env.ts';
import { fillCard } from '../support/park-and-pay-forms.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';

const STAFF_KEY = 'parkfair-dev-staff-key';
const CAMERA_DIR = path.join(REPO_ROOT, '.tmp/e2e/qr-cameras');
const MINUTE_MS = 60_000;
const SLOT_MS = 30 * MINUTE_MS;
/** server/parking-system/ticket-charges.ts RESERVATION_WINDOW_GRACE_MINUTES. */
const WINDOW_GRACE_MS = 15 * MINUTE_MS;

type Garage = { locationId: number; locationNumber: string; seoUrl: string; address1: string };

async function garage(locationNumber: string): Promise<Garage> {
  const garages = (await (await fetch(`${E2E_BASE_URL}/locations/api/locations`)).json()) as Garage[];
  const found = garages.find((g) => g.locationNumber === locationNumber);
  if (!found) throw new Error(`no garage ${locationNumber}`);
  return found;
}

/** A car entering the garage now, as the gate reports it: its paper ticket's number. */
async function newTicket(locationId: number, entry: Date): Promise<string> {
  const response = await fetch(`${E2E_BASE_URL}/parking-system/api/ticket-events/entry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-staff-key': STAFF_KEY },
    body: JSON.stringify({ locationId, licensePlate: `RG${randomBytes(3).toString('hex').toUpperCase()}`, entryTimeUtc: entry.toISOString() }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { ticketNumber: string }).ticketNumber;
}

/** Tomorrow in New York as the reserve link's `MM-DD-YYYYTh:mmAM` (src/lib/reserve-links.ts). */
function tomorrowAt(time: string): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + 86_400_000))
    .split('-');
  return `${month}-${day}-${year}T${time}`;
}

/** The bearer token the app sends, read off one of its own signed-in calls. */
async function appToken(page: Page, open: () => Promise<unknown>): Promise<string> {
  const signedIn = page.waitForRequest((request: Request) => request.url().includes('/reservations/api/') && Boolean(request.headers()['authorization']));
  await open();
  return (await signedIn).headers()['authorization'] ?? '';
}

async function api<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${E2E_BASE_URL}${path}`, { headers: { authorization: token } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function payWithNewCard(page: Page, name: string): Promise<void> {
  await page.getByLabel('Name on card *').fill(name);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

const PASS_URL = /\/my-account\/reservations\/\d+$/;

test('a paid reservation is redeemed at the gate on a paper ticket through the redeem-choose scanner', async ({ driverPage }) => {
  test.slow();
  const midtown = await garage('1044');
  // The driver pulls in and takes a paper ticket; the phone's camera will show its QR.
  const entry = new Date();
  const ticketNumber = await newTicket(midtown.locationId, entry);
  const page = await driverPage({ cameraVideo: await makeTicketCamera(ticketQrText(ticketNumber), CAMERA_DIR, randomBytes(4).toString('hex')) });

  await page.goto('/my-account/reservations');
  await registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'gate', firstName: 'Gale', lastName: 'Gatewood' });
  await expect(page.getByTestId('reservations-active')).toBeVisible();
  // Reserve from now (the screen's first slot, the next :00 or :30) for two hours, paid with a
  // test card. With under two minutes to that slot its quote could expire before it is paid: then
  // the link names the slot after (the gate below prices an entry before the window either way).
  const toNextSlot = SLOT_MS - (Date.now() % SLOT_MS);
  const slotAfter = Date.now() + toNextSlot + SLOT_MS;
  await page.goto(
    toNextSlot < 2 * MINUTE_MS
      ? reserveHref(midtown, { type: 'DAILY', arrival: slotAfter, departure: slotAfter + 4 * SLOT_MS, isOversized: false })
      : `/reserve/daily/${midtown.seoUrl}`,
  );
  await expect(page.getByTestId('reserve-total')).toBeVisible();
  await payWithNewCard(page, 'Gale Gatewood');
  await expect(page).toHaveURL(PASS_URL, { timeout: 30_000 });
  const number = (await page.getByTestId('confirmation-number').textContent()) ?? '';
  expect(number).toMatch(/^PF-\d{4}-[A-Z2-9]{4}$/);

  // At the gate: Scan Ticket to redeem a reservation (scan-targets.ts redeem-choose) reads the
  // ticket's QR and asks which active reservation to apply to it.
  await page.goto('/leavefast/scan?type=redeem-choose');
  await expect(page).toHaveURL(new RegExp(`/my-account/reservations\\?ticketNumber=${ticketNumber}$`), { timeout: 20_000 });
  await expect(page.getByText(`Choose the reservation to apply to ticket ${ticketNumber}.`)).toBeVisible();
  await expect(page.getByTestId('reservations-completed')).toHaveCount(0);
  const priced = page.waitForResponse((response) => response.url().includes('/calculate-aggregator-payment'), { timeout: 20_000 });
  await page.getByRole('link', { name: `Apply to ticket ${ticketNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/leavefast/ticket/${ticketNumber}/redeem/${number}$`));

  // The product's rule (ticket-charges.ts reservationFit): entered no earlier than 15 minutes
  // before the window starts, it is paid in full; earlier (the screen's first slot may be up to
  // 30 minutes ahead), the reservation's price is credited and only what the stay costs beyond it
  // is due.
  const preview = (await (await priced).json()) as { reservationFit: string; amountDue: number; amount: number; reservation: { checkIn: string; rate: number; reservationNumber: string; aggregator: string } };
  expect(preview.reservation).toMatchObject({ reservationNumber: number, aggregator: 'ParkFair' });
  const isInsideWindow = entry.getTime() >= Date.parse(preview.reservation.checkIn) - WINDOW_GRACE_MS;
  expect(preview.reservationFit).toBe(isInsideWindow ? 'PaidInFull' : 'OutsideOfReservationWindow');
  await expect(page.getByText(isInsideWindow ? 'Your reservation covers this parking in full.' : 'You parked outside your reservation window; the extra time is due.')).toBeVisible();
  if (isInsideWindow) expect(preview.amountDue).toBe(0);
  else expect(preview.amountDue).toBeLessThan(preview.amount);
  const due = `$${preview.amountDue.toFixed(2)}`;

  await page.getByRole('button', { name: 'Redeem Reservation' }).click();
  if (preview.amountDue === 0) await expect(page.getByText('Your reservation has been applied. Nothing is left to pay ($0.00).')).toBeVisible();
  else await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}$`));
  // The ticket carries the reservation: what the redeem screen promised is all that is due.
  await page.goto(`/retrieve-car/${ticketNumber}`);
  await expect(page.getByTestId('amount-due')).toHaveText(due);
  // The reservation is used: no longer offered for a ticket, no longer cancellable.
  await page.goto('/my-account/reservations');
  await expect(page.getByTestId('reservations-active').getByRole('listitem').filter({ hasText: number })).toContainText('Used');
  await page.goto(`/my-account/reservations?ticketNumber=${ticketNumber}`);
  await expect(page.getByRole('link', { name: `Apply to ticket ${ticketNumber}` })).toHaveCount(0);
});

test.describe('at the reserve screen', () => {
  test.beforeEach(({ context }) => prepareDriverContext(context));

  test('a $0 total (HOTELGUEST at Harmon Meadow, no service fee) reserves with Reserve and no card form', async ({ page }) => {
    const host = await garage('5002');
    await page.goto(`/reserve/daily/${host.seoUrl}?from=${tomorrowAt('10:00AM')}&to=${tomorrowAt('2:00PM')}`);
    await registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'free', firstName: 'Fay', lastName: 'Guest' });
    await expect(page.getByTestId('reserve-total')).not.toHaveText('$0');
    await expect(page.getByLabel('Card number *')).toBeVisible();

    await page.getByLabel('Coupon code').fill('hotel guest');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Coupon HOTELGUEST applied.')).toBeVisible();
    await expect(page.getByTestId('reserve-total')).toHaveText('$0');
    await expect(page.getByLabel('Card number *')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Reserve', exact: true }).click();

    await expect(page).toHaveURL(PASS_URL, { timeout: 30_000 });
    const pass = page.getByTestId('reservation-pass');
    await expect(pass.getByTestId('confirmation-number')).toHaveText(/^PF-\d{4}-[A-Z2-9]{4}$/);
    await expect(pass.getByTestId('reserve-total')).toHaveText('$0');
    await expect(pass.getByText('Coupon HOTELGUEST')).toBeVisible();
    // Nothing was charged: no receipt.
    await page.goto('/my-account/receipts');
    await expect(page.getByText('You have no receipts yet.')).toBeVisible();
  });

  test('a reload while the card is being charged leaves one reservation and one charge', async ({ page }) => {
    test.slow();
    const brooklyn = await garage('2001');
    // The reserve link carries the stay, so the reloaded screen quotes the very same one.
    await page.goto(`/reserve/daily/${brooklyn.seoUrl}?from=${tomorrowAt('11:00AM')}&to=${tomorrowAt('1:00PM')}`);
    await registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'reload', firstName: 'Rey', lastName: 'Loader' });
    await expect(page.getByTestId('reserve-total')).toBeVisible();

    // The card's confirmation reaches the processor and is charged; its answer is held (the
    // network, not the product) while the driver reloads.
    let charged: () => void = () => undefined;
    const isCharged = new Promise<void>((resolve) => (charged = resolve));
    await page.route('**/payments/api/test-processor/payment-intents/*/confirm', async (route) => {
      const response = await route.fetch();
      charged();
      await new Promise((resolve) => setTimeout(resolve, 60_000));
      await route.fulfill({ response }).catch(() => undefined);
    });
    await payWithNewCard(page, 'Rey Loader');
    await isCharged;
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.reload();

    // The reloaded screen knows the stay was paid by the cut-off attempt: its pass, no card form.
    const paidEarlier = page.getByTestId('reserve-paid-earlier');
    await expect(paidEarlier).toContainText(/This stay is already reserved and paid: PF-\d{4}-[A-Z2-9]{4}\./);
    await expect(page.getByLabel('Card number *')).toHaveCount(0);
    await paidEarlier.getByRole('button', { name: 'View your pass' }).click();
    await expect(page).toHaveURL(PASS_URL, { timeout: 30_000 });
    const number = (await page.getByTestId('confirmation-number').textContent()) ?? '';

    const token = await appToken(page, () => page.goto('/my-account/reservations'));
    await expect(page.getByTestId('reservations-active').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('reservations-active')).toContainText(number);
    await page.goto('/my-account/receipts');
    await expect(page.getByTestId('receipts').getByRole('listitem')).toHaveCount(1);
    const active = await api<{ totalElementCount: number; results: { systemEntityId: string }[] }>(token, '/reservations/api/reservations/active');
    expect(active.totalElementCount).toBe(1);
    const payments = await api<{ results: { systemEntityId: string; status: string }[] }>(token, '/payments/api/payments/history/0/50');
    expect(payments.results.filter((payment) => payment.status === 'succeeded').map((payment) => payment.systemEntityId)).toEqual([active.results[0]?.systemEntityId]);
  });
});
