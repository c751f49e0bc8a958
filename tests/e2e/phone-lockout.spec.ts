/**
 * A stranger's wrong guesses never lock the real driver out at the gate (issue 38 item 3,
 * decision 0105; runs on pixel-7 412×915 and phone-360 360×640). A stranger in another browser,
 * from another address, looks the driver's paper ticket up again and again, tries wrong ticket
 * numbers around it and eight wrong reservation numbers on it — more than the six an hour that
 * used to lock a ticket for redeeming ("Too many reservation numbers were tried on this ticket.
 * Please see the attendant."). Then the driver, on their phone, types the ticket number, redeems
 * a valid ParkWhiz booking that pays the stay in full, and the gate lets the car out.
 *
 * Each phone project redeems its own seeded ParkWhiz booking at garage 1 (a reservation redeems
 * once; server/parking-system/seed.ts): 1187342071 and 1187342072, live for three hours either side.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { newGarageTicket } from '../support/lot-driver.ts';
import { uniqueClientAddress } from '../support/phone-sign-up.ts';

const STAFF_KEY = 'parkfair-dev-staff-key';
const TICKETS = `${E2E_BASE_URL}/tickets/api/tickets`;
/** The old per-ticket lock took six reservation numbers an hour; the stranger tries eight. */
const STRANGER_WRONG_CODES = 8;

test.beforeEach(({ context }) => prepareDriverContext(context));

/** A wrong reservation number on the ticket, as the redeem screen asks for it: 404, then the stranger's own 429. */
async function wrongCodeOnTicket(request: APIRequestContext, ticketNumber: string, code: string): Promise<number> {
  const response = await request.post(`${TICKETS}/${ticketNumber}/calculate-aggregator-payment`, { data: { reservationNumber: code } });
  return response.status();
}

test("a stranger's wrong guesses on a paper ticket do not stop its driver's ParkWhiz code; the car leaves", async ({ page, context, browser }, testInfo) => {
  const parkWhiz = testInfo.project.name.startsWith('phone-360') ? '1187342072' : '1187342071';
  // A car at garage 1 for an hour: inside the booking's window, which then pays the stay in full.
  const ticketNumber = await newGarageTicket(60, 1);
  const driverAddress = uniqueClientAddress();
  const strangerAddress = uniqueClientAddress();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': driverAddress });

  // The stranger: another browser and address. The ticket screen, looked up again and again, and
  // wrong codes typed into its Redeem box (the redeem screen prices each one).
  const strangerContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  await prepareDriverContext(strangerContext);
  await strangerContext.setExtraHTTPHeaders({ 'x-forwarded-for': strangerAddress });
  const stranger = await strangerContext.newPage();
  for (let i = 0; i < 3; i += 1) {
    await stranger.goto(`/leavefast/choose/${ticketNumber}`);
    await stranger.getByLabel('Reservation number (ParkFair, SpotHero or ParkWhiz)').fill(`11873420${60 + i}`);
    const priced = stranger.waitForResponse((response) => response.url().includes('/calculate-aggregator-payment'));
    await stranger.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(stranger).toHaveURL(new RegExp(`/leavefast/ticket/${ticketNumber}/redeem/11873420${60 + i}$`));
    expect((await priced).status()).toBe(404);
    await expect(stranger.getByRole('alert')).toBeVisible();
  }
  // The rest straight at the API, as a script would: 404 until the stranger's own limit, then 429.
  const statuses: number[] = [];
  for (let i = 3; i < STRANGER_WRONG_CODES; i += 1) statuses.push(await wrongCodeOnTicket(stranger.request, ticketNumber, `11873420${60 + i}`));
  expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
  expect(statuses.at(-1)).toBe(429);
  // Wrong ticket numbers around the driver's, and the driver's own many times over.
  const prefix = ticketNumber.slice(0, -3);
  for (let i = 0; i < 12; i += 1) await stranger.request.get(`${E2E_BASE_URL}/parking-system/api/management/tickets/${prefix}${String(900 + i)}/rate`);
  for (let i = 0; i < 10; i += 1) expect((await stranger.request.get(`${E2E_BASE_URL}/parking-system/api/management/tickets/${ticketNumber}/rate`)).status()).toBe(429);
  await strangerContext.close();

  // The driver at the exit, on their phone: types the ticket number, then the ParkWhiz code.
  await page.goto('/leavefast');
  await page.getByLabel('Ticket number').fill(ticketNumber);
  await page.locator('main').getByRole('button', { name: 'Continue' }).tap();
  await expect(page).toHaveURL(new RegExp(`/leavefast/choose/${ticketNumber}$`));
  await expect(page.getByTestId('amount-due')).toHaveText(/^\$\d+\.\d\d$/);
  await page.getByLabel('Reservation number (ParkFair, SpotHero or ParkWhiz)').fill(parkWhiz);
  await page.getByRole('button', { name: 'Redeem', exact: true }).tap();
  await expect(page).toHaveURL(new RegExp(`/leavefast/ticket/${ticketNumber}/redeem/${parkWhiz}$`));
  await expect(page.getByText('Your reservation covers this parking in full.')).toBeVisible();
  await expect(page.getByText(/see the attendant/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Redeem Reservation' }).tap();
  await expect(page.getByText(/Your reservation has been applied/)).toBeVisible();

  // Nothing left to pay, and the gate lets the car out.
  await page.goto(`/leavefast/choose/${ticketNumber}`);
  await expect(page.getByTestId('amount-due')).toHaveText('$0.00');
  await expect(page.getByRole('link', { name: 'Pay for Parking' })).toHaveCount(0);
  const exit = await fetch(`${E2E_BASE_URL}/parking-system/api/ticket-events/exit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-staff-key': STAFF_KEY },
    body: JSON.stringify({ ticketNumber, exitTime: new Date().toISOString() }),
  });
  expect(exit.status).toBe(200);
  expect(await exit.json()).toMatchObject({ ticketNumber, status: 'exited' });
});
