/**
 * My Account › Profile end to end (spec 2 §2, §3 Customer details, §4 Email verification):
 * real Chromium, the real server and the Firebase Auth emulator. A new phone user registers
 * through /sign-in (SMS codes from the emulator), then edits the profile; the verification email
 * is read from the server's development outbox.
 */
import { expect, type Page, test } from '@playwright/test';
import { latestMail } from '../support/dev-outbox.ts';
import { createEmailAccount } from '../support/emulator-accounts.ts';
import { actAsOwnClient, enterCode, enterPhone, randomEmail, randomPhone, registerNewPhoneAccount, signInWithPhone, waitForSmsCode } from '../support/phone-sign-up.ts';

// Requests a service worker makes bypass page.route (used below); these flows need no worker.
test.use({ serviceWorkers: 'block' });

const PROFILE_URL = /\/my-account\/profile$/;
const VERIFICATION_SENT = 'A verification email has been sent. Please check your inbox.';

test.beforeEach(async ({ page }) => {
  await actAsOwnClient(page);
});

/** Spec 2 §4 step 4 on /sign-in: a new phone, an unknown email, first and last name, the SMS code. */
async function registerPhoneUser(page: Page, input: { phone: string; email: string; firstName: string; lastName: string }) {
  await page.goto('/sign-in');
  await registerNewPhoneAccount(page, /\/sign-in$/, { ...input, emailPrefix: 'profile' });
  await expect(page).toHaveURL(PROFILE_URL);
}

/** The sign-in time the session keeps in pf-auth (ms since epoch). */
const storedSigninTime = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('pf-auth') ?? '{}') as { signinTime?: number }).signinTime ?? 0);

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
  const link = new URL(await latestMail(newEmail, 'verify-email'));
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
  const beforeReauth = Date.now();
  await signInWithPhone(page, phone, { scope: dialog });

  await expect(dialog).toBeHidden();
  // The re-authentication is the latest sign-in: the 15 minutes count from it again.
  expect(await storedSigninTime(page)).toBeGreaterThanOrEqual(beforeReauth - 1000);
  await expect(page.getByText(VERIFICATION_SENT)).toBeVisible();
  await expect(page).toHaveURL(PROFILE_URL);
  await expect(page.getByTestId('profile-email')).toHaveText(`${newEmail}Not verified`);
  expect(await latestMail(newEmail, 'verify-email')).toContain('/user-mgmt?mode=verifyEmail');
});

test('changing the phone sends a code to the new number and the profile shows it', async ({ page }) => {
  const phone = randomPhone();
  await registerPhoneUser(page, { phone, email: randomEmail('phone-change'), firstName: 'Phil', lastName: 'Phone' });
  const main = page.locator('main');
  await main.getByRole('button', { name: 'Change Phone Number' }).click();
  await main.getByRole('button', { name: 'Send Code' }).click();
  await expect(main.getByText('Error: Mobile Phone Number field is required')).toBeVisible();
  const newPhone = randomPhone();
  await page.getByLabel('Mobile Phone Number *').fill(newPhone.slice(2));
  await main.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification Code *').fill(await waitForSmsCode(newPhone, 0));
  await main.getByRole('button', { name: 'Change Phone Number' }).click();
  await expect(page.getByText(`Your mobile phone number is now ${newPhone}.`)).toBeVisible();
  await expect(page.getByTestId('profile-phone')).toHaveText(newPhone);
  await page.reload();
  await expect(page.getByTestId('profile-phone')).toHaveText(newPhone);
});

test('the server asks for a recent sign-in (403 auth/requires-recent-login): the sign-in modal opens, then the email change goes through', async ({ page }) => {
  const phone = randomPhone();
  await registerPhoneUser(page, { phone, email: randomEmail('recent'), firstName: 'Rita', lastName: 'Recent' });
  // The session is fresh for the client (no 15-minute check applies), but the server judges the
  // token's auth_time. The emulator stamps auth_time at sign-in and firebase-admin refuses tokens
  // whose auth_time predates the account's valid-since time, so a genuinely 16-minute-old token
  // cannot be made here: the first update-email-v2 gets the server's own 403 answer (body as
  // profile-routes.ts sends it, rule tested in customers.api.test.ts); later calls reach the server.
  let refused = 0;
  await page.route('**/accounts/api/customers/update-email-v2', async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'For your security, please sign in again to change your email address.', code: 'auth/requires-recent-login' }),
    });
  });
  const main = page.locator('main');
  const newEmail = randomEmail('after-recent');
  await page.getByLabel('Email Address *').fill(newEmail);
  await main.getByRole('button', { name: 'Verify Email Address' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible();
  expect(refused).toBe(1);
  await expect(page.getByTestId('profile-email')).not.toContainText(newEmail);
  await signInWithPhone(page, phone, { scope: dialog });

  await expect(dialog).toBeHidden();
  await expect(page.getByText(VERIFICATION_SENT)).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(`${newEmail}Not verified`);
  await page.reload();
  await expect(page.getByTestId('profile-email')).toHaveText(`${newEmail}Not verified`);
  expect(await latestMail(newEmail, 'verify-email')).toContain('/user-mgmt?mode=verifyEmail');
});

test('an account with a password confirms a phone change with it (spec 2 §4 step 6: re-authenticated with email and password)', async ({ page }) => {
  // A legacy email account that added its phone at sign-in (the legacy flow of auth.spec.ts).
  const email = randomEmail('pw-phone');
  const phone = randomPhone();
  await createEmailAccount({ email, password: 'secret-123', displayName: 'Paula Password' });
  await page.goto('/sign-in/legacy');
  const main = page.locator('main');
  await page.getByLabel('Email Address *').fill(email);
  await main.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password *').fill('secret-123');
  await main.getByRole('button', { name: 'Sign In' }).click();
  await enterPhone(page, phone);
  await enterCode(page, phone);
  await expect(page).toHaveURL(PROFILE_URL);

  await main.getByRole('button', { name: 'Change Phone Number' }).click();
  const newPhone = randomPhone();
  await page.getByLabel('Mobile Phone Number *').fill(newPhone.slice(2));
  await main.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification Code *').fill(await waitForSmsCode(newPhone, 0));
  await page.getByLabel('Password *').fill('wrong-password');
  await main.getByRole('button', { name: 'Change Phone Number' }).click();
  await expect(main.getByRole('alert')).toHaveText('The password is invalid or the user does not have a password.');
  await expect(page.getByTestId('profile-phone')).toHaveText(phone);
  const beforeReauth = Date.now();
  await page.getByLabel('Password *').fill('secret-123');
  await main.getByRole('button', { name: 'Change Phone Number' }).click();
  await expect(page.getByText(`Your mobile phone number is now ${newPhone}.`)).toBeVisible();
  await expect(page.getByTestId('profile-phone')).toHaveText(newPhone);
  // The password re-authentication counts as the latest sign-in.
  expect(await storedSigninTime(page)).toBeGreaterThanOrEqual(beforeReauth - 1000);
});
