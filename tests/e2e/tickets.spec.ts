/**
 * Ticket flows end to end (issue 6 item 5, spec 3 §2, §4, §8): real Chromium with a fake camera
 * showing a paper ticket's QR, the real server on the embedded database and the Auth emulator.
 * Each scenario gets a fresh ticket from the garage (a staff entry event) and its own browser,
 * because one Chromium process has one fake video file.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeTicketCamera, ticketQrText } from '../fixtures/qr/ticket-camera.ts';
import { randomPhone, registerNewPhoneAccount } from '../support/phone-sign-up.ts';
import { type DriverPageOptions, expect, test } from '../support/driver-browser.ts';
import { E2E_BASE_URL, REPO_ROOT } from '../support/e2e-env.ts';
import { issueValidation } from '../support/merchant-validation.ts';

const BASE_URL = process.env['TICKETS_BASE_URL'] ?? E2E_BASE_URL;
const STAFF_KEY = 'parkfair-dev-staff-key';
const CAMERA_DIR = path.join(REPO_ROOT, '.tmp/e2e/qr-cameras');

/** A car that entered garage 1 `minutesAgo` minutes ago: its ticket number. */
async function newTicket(minutesAgo: number, locationId = 1): Promise<string> {
  const response = await fetch(`${BASE_URL}/parking-system/api/ticket-events/entry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-staff-key': STAFF_KEY },
    body: JSON.stringify({ locationId, licensePlate: `QR${randomBytes(3).toString('hex').toUpperCase()}`, entryTimeUtc: new Date(Date.now() - minutesAgo * 60_000).toISOString() }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { ticketNumber: string }).ticketNumber;
}

/** A page in a Chromium whose camera shows a paper ticket with this QR. */
async function cameraPage(driverPage: (options?: DriverPageOptions) => Promise<Page>, qrText: string): Promise<Page> {
  const cameraVideo = await makeTicketCamera(qrText, CAMERA_DIR, randomBytes(4).toString('hex'));
  return driverPage({ cameraVideo, context: { baseURL: BASE_URL } });
}

/** Registers a new phone account on the sign-in page the review step redirected to. */
function register(page: Page) {
  return registerNewPhoneAccount(page, /\/sign-in\?redirect=/, { phone: randomPhone(), emailPrefix: 'qr', firstName: 'Quinn', lastName: 'Rider' });
}

test('scan a ticket QR, choose Pay, pay with a test card, see the confirmation', async ({ driverPage }) => {
  const ticketNumber = await newTicket(150);
  const page = await cameraPage(driverPage, ticketQrText(ticketNumber));
  await page.goto('/leavefast/scan');
  await expect(page).toHaveURL(new RegExp(`/leavefast/choose/${ticketNumber}$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Retrieve, Pay, or Redeem' })).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText(/^\$\d+\.\d\d$/);
  await page.getByRole('link', { name: 'Pay for Parking' }).click();
  // Signed out, the pay screen offers a guest payment beside sign-in; this test signs in.
  await page.getByRole('link', { name: 'Sign In to Pay' }).click();
  await register(page);
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}$`), { timeout: 20_000 });
  await payWithTestCard(page);
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}/confirmation$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText('$0.00');
});

test('a merchant validation that covers the whole stay settles the ticket without a card', async ({ driverPage }) => {
  const ticketNumber = await newTicket(95);
  // Typed as a driver might, lower case with spaces: the code is read as printed (MV-…).
  const code = (await issueValidation(ticketNumber)).toLowerCase().replaceAll('-', ' ');
  const page = await cameraPage(driverPage, ticketQrText(ticketNumber));
  await page.goto('/leavefast/scan?type=pay-for-parking');
  // Signed out, the scanner lands on the guest payment with sign-in beside it; this test signs in.
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking\\?ticket=${ticketNumber}`), { timeout: 15_000 });
  await page.getByRole('link', { name: 'Sign In to Pay' }).click();
  await register(page);
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}$`), { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Coupon code' }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Your parking is fully covered by the coupon. No payment is needed.')).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText('$0.00');
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}/confirmation$`));
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
});

test('redeem an aggregator reservation on a scanned ticket', async ({ driverPage }) => {
  const ticketNumber = await newTicket(60, 3);
  const page = await cameraPage(driverPage, ticketQrText(ticketNumber));
  await page.goto('/leavefast/scan?type=redeem-commit&reservationNumber=48213977');
  await expect(page).toHaveURL(new RegExp(`/leavefast/ticket/${ticketNumber}/redeem/48213977$`), { timeout: 15_000 });
  await expect(page.getByText('Your reservation covers this parking in full.')).toBeVisible();
  await page.getByRole('button', { name: 'Redeem Reservation' }).click();
  await expect(page.getByText(/Your reservation has been applied/)).toBeVisible();
});

test('a QR that is not a ticket shows Invalid QR Code', async ({ driverPage }) => {
  const page = await cameraPage(driverPage, 'https://example.com/menu/lunch-specials');
  await page.goto('/leavefast/scan');
  const dialog = page.getByRole('alertdialog', { name: 'Invalid QR Code' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText('The QR Code is invalid. Please scan the QR Code on your ticket.')).toBeVisible();
});

test('scanning works offline; the next screen shows the network alert', async ({ driverPage }) => {
  const ticketNumber = await newTicket(30);
  const page = await cameraPage(driverPage, ticketQrText(ticketNumber));
  // Once the service worker has precached the app (scanner and zxing chunks included), go
  // offline: the scan still decodes on the device, and the ticket read fails with the alert.
  await page.goto('/retrieve-car');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Scan Ticket QR Code' }).click();
  await expect(page).toHaveURL(new RegExp(`/retrieve-car/${ticketNumber}$`), { timeout: 15_000 });
  await expect(page.getByText('Network Problem')).toBeVisible();
  await expect(page.getByText('Your device appears to be offline. Please enable your network connection and try again.')).toBeVisible();
});

test('typed ticket number, request the car, tell the garage the driver has arrived', async ({ driverPage }) => {
  const ticketNumber = await newTicket(45);
  const page = await cameraPage(driverPage, ticketQrText(ticketNumber));
  await page.goto('/retrieve-car');
  await page.getByLabel('Ticket number').fill('ABC');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Typed, not scanned: a field message, not the "Invalid QR Code" alert.
  await expect(page.getByText('Error: A ticket number is 23 digits or 6 to 7 letters and digits.')).toBeVisible();
  await page.getByLabel('Ticket number').fill(ticketNumber.toLowerCase());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/retrieve-car/${ticketNumber}$`));
  await page.getByRole('button', { name: 'Request My Car' }).click();
  await expect(page).toHaveURL(new RegExp(`/retrieve-car/${ticketNumber}/summary$`));
  await expect(page.getByText('Your car has been requested. An attendant is bringing it to the exit.')).toBeVisible();
  await page.getByRole('button', { name: "I'm at the Garage" }).click();
  await expect(page.getByText('Thanks, the attendant knows you are at the garage.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay Balance' })).toBeVisible();
});

async function payWithTestCard(page: Page): Promise<void> {
  const due = (await page.getByTestId('amount-due').textContent()) ?? '';
  await page.getByLabel('Name on card *').fill('Quinn Rider');
  await page.getByLabel('Card number *').fill('4242424242424242');
  await page.getByLabel('Expiry date *').fill('12/34');
  await page.getByLabel('CVC *').fill('123');
  await page.getByLabel('ZIP Code *').fill('10036');
  await page.getByRole('button', { name: `Pay ${due}` }).click();
}

test('plate mismatch: the warning, Continue, then the minimum rate with an audit review', async ({ driverPage }) => {
  const ticketNumber = await newTicket(300);
  const page = await driverPage({ context: { baseURL: BASE_URL } });
  await page.goto(`/retrieve-car/${ticketNumber}`);
  await expect(page.getByTestId('amount-due')).toHaveText(/^\$\d+\.\d\d$/);
  await page.getByLabel('License plate').fill('zz9zz9');
  await page.getByRole('button', { name: 'Check Plate' }).click();
  const warning = page.getByTestId('plate-warning');
  await expect(warning).toContainText("We couldn't find a license plate match for this parking session.");
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(warning).toHaveCount(0);
  await page.getByLabel('License plate').fill('ZZ9ZZ9');
  await page.getByRole('button', { name: 'Check Plate' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(warning).toHaveText(/^The license plate you entered does not match any vehicle currently on the lot\./);
  await expect(page.getByText('Minimum rate', { exact: true })).toBeVisible();
  // The minimum holds however long the car stays: reload and it is still the minimum, still under review.
  await page.reload();
  await expect(page.getByTestId('plate-warning')).toBeVisible();
  await expect(page.getByText('Minimum rate', { exact: true })).toBeVisible();
});

// Seeded (server/parking-system/seed.ts OVERSTAY_TICKET): paid at the pay station 2 h 30 min ago, still parked.
const OVERSTAY_TICKET = '30022611230007006614007';

test('overstay: a ticket paid before the grace period ran out owes the extra time; a second card payment settles it', async ({ driverPage }) => {
  const page = await driverPage({ context: { baseURL: BASE_URL } });
  await page.goto(`/pay-for-parking/${OVERSTAY_TICKET}`);
  await register(page);
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${OVERSTAY_TICKET}$`), { timeout: 30_000 });
  await expect(page.getByTestId('overstay-notice')).toContainText('You stayed past the grace period after your payment.');
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  // Headless Chromium has no payment app: canMakePayment() is false, so browser pay is not offered.
  expect(await page.evaluate(async () => (typeof PaymentRequest === 'function' ? new PaymentRequest([{ supportedMethods: 'basic-card' }], { total: { label: 'x', amount: { currency: 'USD', value: '1.00' } } }).canMakePayment().catch(() => false) : false))).toBe(false);
  await expect(page.getByTestId('browser-pay')).toHaveCount(0);
  await payWithTestCard(page);
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${OVERSTAY_TICKET}/confirmation$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText('$0.00');
  await expect(page.getByText(/^Paid\. Please exit by \d{1,2}:\d\d [AP]M;/)).toBeVisible();
});

/** Chromium offers no payment app headless; this stand-in answers like a basic-card wallet would. */
function standInPaymentRequest(): void {
  const seen: unknown[] = [];
  Object.assign(window, { __paymentRequests: seen });
  class StandInPaymentRequest {
    constructor(_methods: unknown, details: unknown) {
      seen.push(details);
    }
    canMakePayment() {
      return Promise.resolve(true);
    }
    show() {
      return Promise.resolve({
        details: { cardNumber: '4242424242424242', expiryMonth: '12', expiryYear: '2034', cardSecurityCode: '123', cardholderName: 'Quinn Rider', billingAddress: { postalCode: '10036' } },
        complete: (result: string) => Promise.resolve(void Object.assign(window, { __paymentResult: result })),
      });
    }
  }
  Object.assign(window, { PaymentRequest: StandInPaymentRequest });
}

test('browser pay (the Payment Request sheet stood in for in the page) pays through the same card path', async ({ driverPage }) => {
  const ticketNumber = await newTicket(100);
  const page = await driverPage({ context: { baseURL: BASE_URL }, initScript: standInPaymentRequest });
  await page.goto(`/pay-for-parking/${ticketNumber}`);
  await register(page);
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}$`), { timeout: 30_000 });
  const due = ((await page.getByTestId('amount-due').textContent()) ?? '').replace('$', '');
  await page.getByRole('button', { name: 'Pay with Browser' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}/confirmation$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const requests = (await page.evaluate(() => (window as unknown as { __paymentRequests: { total: { amount: { currency: string; value: string } } }[] }).__paymentRequests)).map((details) => details.total.amount);
  expect(requests.at(-1)).toEqual({ currency: 'USD', value: due });
  expect(await page.evaluate(() => (window as unknown as { __paymentResult?: string }).__paymentResult)).toBe('success');
});
