/**
 * My Account › Profile end to end (spec 2 §2, §3 Customer details, §4 Email verification):
 * real Chromium, the real server and the Firebase Auth emulator. A new phone user registers
 * through /sign-in (SMS codes from the emulator), then edits the profile; the verification email
 * is read from the server's development outbox.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';

// Requests a service worker makes bypass page.route (used below); these flows need no worker.
test.use({ serviceWorkers: 'block' });

const EMULATOR = `http://${process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099'}`;
const PROJECT = 'demo-parkfair';
const PROFILE_URL = /\/my-account\/profile$/;
const VERIFICATION_SENT = 'A verification email has been sent. Please check your inbox.';

const randomPhone = () => `+1212${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
const randomEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`;
/** The national part the driver types in the US phone field. */
const national = (phone: string) => phone.slice(2);

async function smsCodes(phone: string): Promise<string[]> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/verificationCodes`);
  const body = (await response.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  return body.verificationCodes.filter((entry) => entry.phoneNumber === phone).map((entry) => entry.code);
}

/** The code of the SMS sent after `before` codes were already there for that phone. */
async function waitForSmsCode(phone: string, before: number): Promise<string> {
  let codes: string[] = [];
  await expect.poll(async () => (codes = await smsCodes(phone)).length, { timeout: 15_000 }).toBeGreaterThan(before);
  return codes.at(-1) ?? '';
}

/** The action link of the newest message of that kind to that address in the development outbox. */
async function latestMailLink(page: Page, to: string, kind: string): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/api/outbox?to=${encodeURIComponent(to)}&kind=${kind}`);
      const messages = (await response.json()) as { links: string[] }[];
      links = messages[0]?.links ?? [];
      return links.length;
    })
    .toBeGreaterThan(0);
  return links[0] ?? '';
}

/** Each test is its own client, so the suite's sign-ins stay under the per-IP lookup limits. */
test.beforeEach(async ({ page }) => {
  const clientIp = `198.51.100.${randomInt(1, 255)}`;
  await page.route('**/accounts/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': clientIp } }));
});

/** Spec 2 §4 step 4: a new phone, an unknown email, first and last name, the SMS code. */
async function registerPhoneUser(page: Page, input: { phone: string; email: string; firstName: string; lastName: string }) {
  const main = page.locator('main');
  await page.goto('/sign-in');
  await page.getByLabel('Mobile Phone Number *').fill(national(input.phone));
  await main.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email Address *').fill(input.email);
  await main.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First Name *').fill(input.firstName);
  await page.getByLabel('Last Name *').fill(input.lastName);
  await main.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Verification Code *').fill(await waitForSmsCode(input.phone, 0));
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(PROFILE_URL);
}

const headerAccountLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });

test('a new phone user edits the name, changes and verifies the email, and sets marketing preferences', async ({ page }) => {
  const phone = randomPhone();
  const firstEmail = randomEmail('profile');
  await registerPhoneUser(page, { phone, email: firstEmail, firstName: 'Ann', lastName: 'Lee' });
  const main = page.locator('main');

  // What the account holds (get-customer-details, is-email-verified).
  await expect(main.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Ann Lee');
  await expect(page.getByTestId('profile-phone')).toHaveText(phone);
  await expect(page.getByTestId('profile-email')).toHaveText(`${firstEmail}Not verified`);
  await expect(headerAccountLink(page, 'Ann Lee')).toBeVisible();

  // Display name: the spec's validation text, then a saved name that the header shows.
  const nameField = page.getByLabel('Customer Name *');
  await expect(nameField).toHaveValue('Ann Lee');
  await nameField.fill('   ');
  await main.getByRole('button', { name: 'Save Name' }).click();
  await expect(main.getByRole('alert')).toHaveText('Error: Customer Name field is required');
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await nameField.fill('  Nora   Newname ');
  await main.getByRole('button', { name: 'Save Name' }).click();
  await expect(page.getByText('Your name has been saved.')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Nora Newname');
  await expect(headerAccountLink(page, 'Nora Newname')).toBeVisible();

  // Email: a bad address is refused; a new one is saved, the verification email is sent and the
  // profile is remembered as the place to come back to.
  const emailField = page.getByLabel('Email Address *');
  await expect(emailField).toHaveValue(firstEmail);
  await emailField.fill('not-an-email');
  await main.getByRole('button', { name: 'Verify Email Address' }).click();
  await expect(page.getByText("Error: Please check the email address you entered. It doesn't appear to be formatted properly or is not valid as entered")).toBeVisible();
  const newEmail = randomEmail('changed');
  await emailField.fill(newEmail);
  await main.getByRole('button', { name: 'Verify Email Address' }).click();
  await expect(page.getByText(VERIFICATION_SENT)).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(`${newEmail}Not verified`);
  const stored = await page.evaluate(() => localStorage.getItem('pf-emailVerify-return'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ url: '/my-account/profile' });

  // The emailed link verifies the address and returns to the profile.
  const link = new URL(await latestMailLink(page, newEmail, 'verify-email'));
  expect(link.pathname).toBe('/user-mgmt');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(PROFILE_URL);
  await expect(page.getByTestId('profile-email')).toHaveText(`${newEmail}Verified`);

  // Marketing preferences: each switch is saved as it is flipped and survives a reload.
  const emailSwitch = page.getByRole('switch', { name: 'Send me offers and news by email' });
  const textSwitch = page.getByRole('switch', { name: 'Send me offers and news by text message' });
  await expect(emailSwitch).not.toBeChecked();
  await expect(textSwitch).not.toBeChecked();
  await emailSwitch.check();
  await expect(page.getByText('Your marketing preferences have been saved.')).toBeVisible();
  await page.reload();
  await expect(emailSwitch).toBeChecked();
  await expect(textSwitch).not.toBeChecked();
  const saved = page.waitForResponse((response) => response.url().endsWith('/update-marketing-prefs') && response.ok());
  await textSwitch.check();
  await saved;
  const savedAgain = page.waitForResponse((response) => response.url().endsWith('/update-marketing-prefs') && response.ok());
  await emailSwitch.uncheck();
  await savedAgain;
  await page.reload();
  await expect(emailSwitch).not.toBeChecked();
  await expect(textSwitch).toBeChecked();
});

test('changing the email with a stale session (15 minutes) signs in again in the modal, then saves and sends the verification', async ({ page }) => {
  const phone = randomPhone();
  await registerPhoneUser(page, { phone, email: randomEmail('stale'), firstName: 'Sam', lastName: 'Stale' });
  // Make the sign-in 16 minutes old (the session keeps its sign-in time in pf-auth across reloads).
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('pf-auth') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('pf-auth', JSON.stringify({ ...stored, signinTime: Date.now() - 16 * 60_000 }));
  });
  await page.reload();
  const main = page.locator('main');
  const newEmail = randomEmail('after-stale');
  await page.getByLabel('Email Address *').fill(newEmail);
  await main.getByRole('button', { name: 'Verify Email Address' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible();
  const before = (await smsCodes(phone)).length;
  await dialog.getByLabel('Mobile Phone Number *').fill(national(phone));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Verification Code *').fill(await waitForSmsCode(phone, before));
  await dialog.getByRole('button', { name: 'Verify' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(VERIFICATION_SENT)).toBeVisible();
  await expect(page).toHaveURL(PROFILE_URL);
  await expect(page.getByTestId('profile-email')).toHaveText(`${newEmail}Not verified`);
  expect(await latestMailLink(page, newEmail, 'verify-email')).toContain('/user-mgmt?mode=verifyEmail');
});

test('changing the phone sends a code to the new number and the profile shows it', async ({ page }) => {
  const phone = randomPhone();
  await registerPhoneUser(page, { phone, email: randomEmail('phone-change'), firstName: 'Phil', lastName: 'Phone' });
  const main = page.locator('main');
  await main.getByRole('button', { name: 'Change Phone Number' }).click();
  await main.getByRole('button', { name: 'Send Code' }).click();
  await expect(main.getByText('Error: Mobile Phone Number field is required')).toBeVisible();
  const newPhone = randomPhone();
  await page.getByLabel('Mobile Phone Number *').fill(national(newPhone));
  await main.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification Code *').fill(await waitForSmsCode(newPhone, 0));
  await main.getByRole('button', { name: 'Change Phone Number' }).click();
  await expect(page.getByText(`Your mobile phone number is now ${newPhone}.`)).toBeVisible();
  await expect(page.getByTestId('profile-phone')).toHaveText(newPhone);
  await page.reload();
  await expect(page.getByTestId('profile-phone')).toHaveText(newPhone);
});
