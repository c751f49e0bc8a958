/**
 * A driver at the lot for the phone and update specs: Dana (a demo driver the e2e server's Auth
 * emulator holds, with the parked car DEMO123) signed in by phone code, and fresh paper tickets
 * from the garage (a staff entry event, as the ticket machine would make).
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env.ts';
import { smsCodes } from './phone-sign-up.ts';

export const DANA = { phone: '+12125550101', plate: 'DEMO123' };
const STAFF_KEY = 'parkfair-dev-staff-key';

/** On a sign-in page: phone, then an email if the account has none yet, then the SMS code. */
export async function signInAsDana(page: Page): Promise<void> {
  const main = page.locator('main');
  const codesBefore = (await smsCodes(DANA.phone)).length;
  await main.getByLabel('Mobile Phone Number *').fill(DANA.phone.slice(2));
  await main.getByRole('button', { name: 'Continue' }).click();
  const email = main.getByLabel('Email Address *');
  const code = main.getByLabel('Verification Code *');
  await expect(email.or(code)).toBeVisible();
  if (await email.isVisible()) {
    await email.fill(`dana-${randomBytes(4).toString('hex')}@example.com`);
    await main.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(code).toBeVisible();
  let codes: string[] = [];
  await expect.poll(async () => (codes = await smsCodes(DANA.phone)).length, { timeout: 15_000 }).toBeGreaterThan(codesBefore);
  await code.fill(codes.at(-1) ?? '');
  await main.getByRole('button', { name: /^(Verify|Continue)$/ }).click();
  await expect(page).not.toHaveURL(/sign-in/, { timeout: 20_000 });
}

/** A car that entered garage `locationId` `minutesAgo` minutes ago: its ticket number. */
export async function newGarageTicket(minutesAgo: number, locationId = 1): Promise<string> {
  const response = await fetch(`${E2E_BASE_URL}/parking-system/api/ticket-events/entry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-staff-key': STAFF_KEY },
    body: JSON.stringify({ locationId, licensePlate: `PH${randomBytes(3).toString('hex').toUpperCase()}`, entryTimeUtc: new Date(Date.now() - minutesAgo * 60_000).toISOString() }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { ticketNumber: string }).ticketNumber;
}

/** On a card form: the new-card fields (a driver with saved cards picks "New credit card" first). */
export async function chooseNewCard(page: Page): Promise<void> {
  const newCard = page.getByRole('radio', { name: 'New credit card' });
  const number = page.getByLabel('Card number *');
  await expect(newCard.or(number).first()).toBeVisible();
  if (await newCard.isVisible()) await newCard.check();
  await expect(number).toBeVisible();
}
