/**
 * Registering a new phone account through the real sign-in flow, reading the one-time code from
 * the Auth emulator: the first step of every e2e journey that needs a signed-in driver.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

const EMULATOR = `http://${process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099'}`;
const PROJECT = 'demo-parkfair';

/** A US number no other test run uses (the emulator keeps users while it runs). */
export const randomPhone = () => `+1212${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/** The SMS codes the emulator "sent" to a phone, oldest first. */
export async function smsCodes(phone: string): Promise<string[]> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/verificationCodes`);
  const body = (await response.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  return body.verificationCodes.filter((entry) => entry.phoneNumber === phone).map((entry) => entry.code);
}

export type NewDriver = { phone: string; emailPrefix: string; firstName: string; lastName: string };

/** Unknown phone → email → names → SMS code, on the sign-in page the app redirected to. */
export async function registerNewPhoneAccount(page: Page, signInUrl: RegExp, driver: NewDriver): Promise<void> {
  await expect(page).toHaveURL(signInUrl);
  await page.getByLabel('Mobile Phone Number *').fill(driver.phone.slice(2));
  await page.locator('main').getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email Address *').fill(`${driver.emailPrefix}-${randomBytes(4).toString('hex')}@example.com`);
  await page.locator('main').getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First Name *').fill(driver.firstName);
  await page.getByLabel('Last Name *').fill(driver.lastName);
  await page.locator('main').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Verification Code *')).toBeVisible();
  let codes: string[] = [];
  await expect.poll(async () => (codes = await smsCodes(driver.phone)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByLabel('Verification Code *').fill(codes.at(-1) ?? '');
  await page.locator('form').getByRole('button', { name: /Verify|Continue/ }).click();
}
