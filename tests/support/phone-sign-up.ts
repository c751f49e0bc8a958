/**
 * Phone sign-in and registration through the real sign-in flow, reading the one-time codes from
 * the Auth emulator: the first step of every e2e journey that needs a signed-in driver, and the
 * steps the sign-in specs compose their branches from (spec 2 §4 "Phone / email sign-in").
 */
import { randomBytes, randomInt } from 'node:crypto';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

const EMULATOR = `http://${process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099'}`;
const PROJECT = 'demo-parkfair';

/** A US number no other test run uses (the emulator keeps users while it runs). */
export const randomPhone = () => `+1212${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
export const randomEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`;
/** The national part the driver types in the US phone field. */
export const national = (phone: string) => phone.slice(2);

/** The SMS codes the emulator "sent" to a phone, oldest first. */
export async function smsCodes(phone: string): Promise<string[]> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/verificationCodes`);
  const body = (await response.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  return body.verificationCodes.filter((entry) => entry.phoneNumber === phone).map((entry) => entry.code);
}

/** The code of the SMS sent after `before` codes were already there for that phone. */
export async function waitForSmsCode(phone: string, before: number): Promise<string> {
  let codes: string[] = [];
  await expect.poll(async () => (codes = await smsCodes(phone)).length, { timeout: 15_000 }).toBeGreaterThan(before);
  return codes.at(-1) ?? '';
}

let addressesGiven = 0;

/**
 * A client address no other test of the run is given: 10.<worker>.<n>.<n>, counted per Playwright
 * worker. Not a random one: a test that spends its client's wrong guesses on purpose (the ticket
 * QR photos, a stranger at the gate) would lock out a later test that drew the same address.
 */
export function uniqueClientAddress(): string {
  addressesGiven += 1;
  const worker = Number(process.env['TEST_WORKER_INDEX'] ?? 0) % 256;
  return `10.${worker}.${Math.floor(addressesGiven / 256) % 256}.${addressesGiven % 256}`;
}

/**
 * Each test is its own client (the e2e server runs with TRUST_PROXY=1, as behind one proxy): a suite's
 * many sign-ins and ticket lookups from one machine would otherwise meet the per-IP limits (ticket
 * numbers, for one, allow 10 misses and 600 lookups a client per 10 minutes, decision 0105). The
 * address is a header on every request of the page or context, not a route: a route turns off the
 * browser's HTTP cache, and every page load then fetches and compiles the whole app again. A test
 * that needs another address sets its own header afterwards. Returns the IP.
 */
export async function actAsOwnClient(target: Page | BrowserContext): Promise<string> {
  const clientIp = uniqueClientAddress();
  await target.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp });
  return clientIp;
}

/** Phone step: type the national number and Continue (the lookup). `scope`: the page's main, or the sign-in modal. */
export async function enterPhone(page: Page, phone: string, scope: Locator = page.locator('main')): Promise<void> {
  await scope.getByLabel('Mobile Phone Number *').fill(national(phone));
  await scope.getByRole('button', { name: 'Continue' }).click();
}

/** SMS code step: the code sent after `before` earlier codes, then Verify (Continue in the duplicate case). */
export async function enterCode(page: Page, phone: string, before = 0, scope: Locator = page.locator('main')): Promise<void> {
  await expect(scope.getByLabel('Verification Code *')).toBeVisible();
  await scope.getByLabel('Verification Code *').fill(await waitForSmsCode(phone, before));
  await scope.getByRole('button', { name: /^(Verify|Continue)$/ }).click();
}

export type NewDriver = { phone: string; emailPrefix: string; firstName: string; lastName: string; email?: string };

/** Unknown phone → email → names → SMS code (spec 2 §4 step 4), on the sign-in page the app is on. */
export async function registerNewPhoneAccount(page: Page, signInUrl: RegExp, driver: NewDriver): Promise<void> {
  await expect(page).toHaveURL(signInUrl);
  const main = page.locator('main');
  await enterPhone(page, driver.phone);
  await page.getByLabel('Email Address *').fill(driver.email ?? randomEmail(driver.emailPrefix));
  await main.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First Name *').fill(driver.firstName);
  await page.getByLabel('Last Name *').fill(driver.lastName);
  await main.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, driver.phone);
}

/**
 * A known phone signs in (spec 2 §4 step 2, or step 3 when the account has no email yet: then
 * `emailIfAsked` is entered). Works on /sign-in and inside the sign-in modal (`scope`).
 */
export async function signInWithPhone(page: Page, phone: string, options: { scope?: Locator; emailIfAsked?: string } = {}): Promise<void> {
  const scope = options.scope ?? page.locator('main');
  const before = (await smsCodes(phone)).length;
  await enterPhone(page, phone, scope);
  const codeField = scope.getByLabel('Verification Code *');
  const emailField = scope.getByLabel('Email Address *');
  await expect(codeField.or(emailField)).toBeVisible();
  if (await emailField.isVisible()) {
    await emailField.fill(options.emailIfAsked ?? randomEmail('returning'));
    await scope.getByRole('button', { name: 'Continue' }).click();
  }
  await enterCode(page, phone, before, scope);
}
