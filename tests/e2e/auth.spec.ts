/**
 * Sign-in and registration end to end (spec 2 §4): real Chromium, the real server and the
 * Firebase Auth emulator. SMS codes are read from the emulator's verification-codes endpoint,
 * emails from the server's development outbox. Each test uses fresh phone numbers and emails.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';

// Requests a service worker makes bypass page.route (used below); these flows need no worker.
test.use({ serviceWorkers: 'block' });

const EMULATOR = `http://${process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099'}`;
const IDENTITY = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;
const PROJECT = 'demo-parkfair';

const randomPhone = () => `+1212${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
const randomEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`;
/** The national part the driver types in the US phone field. */
const national = (phone: string) => phone.slice(2);

async function identity<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${IDENTITY}/${path}?key=demo-api-key`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

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

async function createEmailAccount(input: { email: string; password: string; displayName?: string }) {
  return identity<{ localId: string; idToken: string }>('accounts:signUp', { ...input, returnSecureToken: true });
}

/** A phone account as phone sign-in makes it, optionally with a display name. */
async function createPhoneAccount(phone: string, displayName?: string) {
  const { sessionInfo } = await identity<{ sessionInfo: string }>('accounts:sendVerificationCode', { phoneNumber: phone });
  const code = await waitForSmsCode(phone, 0);
  const user = await identity<{ localId: string; idToken: string }>('accounts:signInWithPhoneNumber', { sessionInfo, code });
  if (displayName) await identity('accounts:update', { idToken: user.idToken, displayName });
  return user;
}

type Mail = { text: string; links: string[] };

/** The newest message of that kind to that address in the server's development outbox. */
async function latestMessage(page: Page, to: string, kind: string): Promise<Mail> {
  let messages: Mail[] = [];
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/api/outbox?to=${encodeURIComponent(to)}&kind=${kind}`);
      messages = (await response.json()) as Mail[];
      return messages.length;
    })
    .toBeGreaterThan(0);
  return messages[0] ?? { text: '', links: [] };
}

/** The action link of the newest message of that kind. */
async function latestMail(page: Page, to: string, kind: string): Promise<string> {
  return (await latestMessage(page, to, kind)).links[0] ?? '';
}

/**
 * Each test is its own client (the server trusts X-Forwarded-For from a loopback peer): the
 * suite's many sign-ins from one machine would otherwise meet the per-IP lookup limits.
 */
let clientIp = '';
test.beforeEach(async ({ page }) => {
  clientIp = `198.51.100.${randomInt(1, 255)}`;
  await page.route('**/accounts/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': clientIp } }));
});

async function enterPhone(page: Page, phone: string) {
  await page.getByLabel('Mobile Phone Number *').fill(national(phone));
  await page.locator('main').getByRole('button', { name: 'Continue' }).click();
}

async function enterCode(page: Page, phone: string, before = 0) {
  await expect(page.getByLabel('Verification Code *')).toBeVisible();
  await page.getByLabel('Verification Code *').fill(await waitForSmsCode(phone, before));
  await page.locator('form').getByRole('button', { name: /Verify|Continue/ }).click();
}

test.describe('phone sign-in and registration', () => {
  test('a new phone registers: email, then first and last name, then the SMS code (step 4, email unknown)', async ({ page }) => {
    const phone = randomPhone();
    const email = randomEmail('new');
    await page.goto('/sign-in');
    await expect(page.getByText('Fields marked with asterisk (*) are required')).toBeVisible();
    await expect(page.getByLabel('Country')).toHaveValue('US');
    await enterPhone(page, phone);
    await page.getByLabel('Email Address *').fill(email);
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('First Name *').fill('Ann');
    await page.getByLabel('Last Name *').fill('Lee');
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Mobile Phone Number', { exact: true })).toHaveValue(phone);
    await enterCode(page, phone);
    await expect(page).toHaveURL(/\/my-account\/profile$/);
    const lookup = await page.request.get(`/accounts/api/customers/is-phone-registered/${encodeURIComponent(phone)}`);
    expect(await lookup.json()).toEqual({ displayName: 'Ann Lee', hasEmail: true });
    expect(await latestMail(page, email, 'verify-email')).toContain('/user-mgmt?mode=verifyEmail');
  });

  test('a returning phone with name and email gets the code at once and lands on the redirect (step 2)', async ({ page }) => {
    const phone = randomPhone();
    const user = await createPhoneAccount(phone, 'Ray Return');
    await identity('accounts:update', { idToken: user.idToken, email: randomEmail('ray') });
    await page.goto('/sign-in?redirect=%2Fmy-account%2Fvehicles');
    const before = (await smsCodes(phone)).length;
    await enterPhone(page, phone);
    await enterCode(page, phone, before);
    await expect(page).toHaveURL(/\/my-account\/vehicles$/);
  });

  test('a known phone without email is asked for one; an unknown email is saved on it (step 3)', async ({ page }) => {
    const phone = randomPhone();
    await createPhoneAccount(phone, 'Pat Phone');
    const before = (await smsCodes(phone)).length;
    await page.goto('/sign-in');
    await enterPhone(page, phone);
    await page.getByLabel('Email Address *').fill(randomEmail('pat'));
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await enterCode(page, phone, before);
    await expect(page).toHaveURL(/\/my-account\/profile$/);
    const lookup = await page.request.get(`/accounts/api/customers/is-phone-registered/${encodeURIComponent(phone)}`);
    expect(await lookup.json()).toEqual({ displayName: 'Pat Phone', hasEmail: true });
  });

  test('a known phone without email and a known email: duplicate notice, confirmation email, sign-in (step 5)', async ({ page }) => {
    const phone = randomPhone();
    const email = randomEmail('dup');
    await createPhoneAccount(phone, 'Dee Dup');
    await createEmailAccount({ email, password: 'secret-123' });
    const before = (await smsCodes(phone)).length;
    await page.goto('/sign-in');
    await enterPhone(page, phone);
    await page.getByLabel('Email Address *').fill(email);
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('A duplicate account was detected. Please click "Continue" to sign in. No further action is required.')).toBeVisible();
    expect((await latestMessage(page, email, 'duplicate-account')).text).toContain(phone);
    await enterCode(page, phone, before);
    await expect(page).toHaveURL(/\/my-account\/profile$/);
  });

  test('a new phone with the email of an account that has a phone: "associated with another phone" (step 5)', async ({ page }) => {
    const otherPhone = randomPhone();
    const owner = await createPhoneAccount(otherPhone, 'Olive Owner');
    const email = randomEmail('owner');
    await identity('accounts:update', { idToken: owner.idToken, email });
    await page.goto('/sign-in');
    await enterPhone(page, randomPhone());
    await page.getByLabel('Email Address *').fill(email);
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText(
      'This email address is associated with another phone number. Please sign in with that phone number. If you think this is an error, please contact us.',
    );
    await page.locator('main').getByRole('button', { name: 'Contact us' }).click();
    await expect(page.getByText('Thank you. Our customer service team will contact you shortly.')).toBeVisible();
  });

  test('a new phone with the email of a password account: password, then code, and the phone joins that account (step 5, 6)', async ({ page }) => {
    const phone = randomPhone();
    const email = randomEmail('pw');
    await createEmailAccount({ email, password: 'secret-123', displayName: 'Wes Word' });
    await page.goto('/sign-in');
    await enterPhone(page, phone);
    await page.getByLabel('Email Address *').fill(email);
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password *').fill('wrong-password');
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText('The password is invalid or the user does not have a password.');
    await page.getByLabel('Password *').fill('secret-123');
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await enterCode(page, phone);
    await expect(page).toHaveURL(/\/my-account\/profile$/);
    const lookup = await page.request.get(`/accounts/api/customers/does-email-exist/${encodeURIComponent(email)}`);
    expect(await lookup.json()).toEqual({ displayName: 'Wes Word', hasPhoneNumber: true });
  });

  test('validation and a wrong SMS code show the spec texts', async ({ page }) => {
    await page.goto('/sign-in');
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Error: Mobile Phone Number field is required')).toBeVisible();
    await page.getByLabel('Mobile Phone Number *').fill('555-12');
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Error: Please enter a valid phone number.')).toBeVisible();
    const phone = randomPhone();
    await createPhoneAccount(phone, 'Cody Code');
    await page.getByLabel('Mobile Phone Number *').fill(national(phone));
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Email Address *').fill('not-an-email');
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText("Error: Please check the email address you entered. It doesn't appear to be formatted properly or is not valid as entered")).toBeVisible();
    await page.getByLabel('Email Address *').fill(randomEmail('cody'));
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Verification Code *').fill('000000');
    await page.locator('form').getByRole('button', { name: 'Verify' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText('Error: The SMS verification code entered was not correct...');
  });
});

test.describe('legacy email sign-in', () => {
  test('shows "Action Required!", checks the password, then adds and verifies a phone before signing in', async ({ page }) => {
    const email = randomEmail('legacy');
    const phone = randomPhone();
    await createEmailAccount({ email, password: 'secret-123' });
    await page.goto('/sign-in/legacy');
    await expect(page.getByRole('heading', { name: 'Action Required!' })).toBeVisible();
    await page.getByLabel('Email Address *').fill(email);
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password *').fill('secret-123');
    await page.locator('main').getByRole('button', { name: 'Sign In' }).click();
    await enterPhone(page, phone);
    await enterCode(page, phone);
    await expect(page).toHaveURL(/\/my-account\/profile$/);
    const lookup = await page.request.get(`/accounts/api/customers/does-email-exist/${encodeURIComponent(email)}`);
    expect(await lookup.json()).toMatchObject({ hasPhoneNumber: true });
  });

  test('sends password accounts with a phone, and accounts without a password, to phone sign-in', async ({ page }) => {
    const owner = await createPhoneAccount(randomPhone());
    const email = randomEmail('has-phone');
    await identity('accounts:update', { idToken: owner.idToken, email, password: 'secret-123' });
    await page.goto('/sign-in/legacy');
    await page.getByLabel('Email Address *').fill(email);
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText('We are eliminating passwords and switching to phone-based one-time passcodes. Please sign in using your mobile phone number.');
    await page.getByLabel('Email Address *').fill(randomEmail('nobody'));
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText(
      'We are switching to phone-based one-time passcodes. Please sign in using your mobile phone number. If you think this is an error, please contact us.',
    );
  });
});

test.describe('password and email links', () => {
  test('forgot password: the emailed link resets the password, then legacy sign-in shows the success note', async ({ page }) => {
    const email = randomEmail('reset');
    await createEmailAccount({ email, password: 'old-secret' });
    await page.goto('/forgot-password');
    await page.getByLabel('Email Address *').fill(email);
    await page.locator('main').getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('If an account exists for this email address, a link to reset its password has been sent.')).toBeVisible();
    const link = new URL(await latestMail(page, email, 'password-reset'));
    expect(link.pathname).toBe('/user-mgmt');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
    await page.getByLabel('New Password *').fill('new-secret');
    await page.getByLabel('Confirm Password *').fill('different');
    await page.locator('main').getByRole('button', { name: 'Save Password' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText('Error: The password confirmation does not match');
    await page.getByLabel('Confirm Password *').fill('new-secret');
    await page.locator('main').getByRole('button', { name: 'Save Password' }).click();
    await expect(page).toHaveURL(/\/sign-in\/legacy\?newPassword=true/);
    await expect(page.getByText('Your password has been successfully changed.')).toBeVisible();
    await page.getByLabel('Email Address *').fill(email);
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password *').fill('new-secret');
    await page.locator('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByLabel('Mobile Phone Number *')).toBeVisible();
    // The link is single-use.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.locator('main').getByRole('alert')).toHaveText('Error: Your password reset link appears to be invalid. Please request a new link on the password reset page.');
  });

  test('forgot password for an account with a phone says to sign in with the phone', async ({ page }) => {
    const owner = await createPhoneAccount(randomPhone());
    const email = randomEmail('phone-reset');
    await identity('accounts:update', { idToken: owner.idToken, email });
    await page.goto('/forgot-password');
    await page.getByLabel('Email Address *').fill(email);
    await page.locator('main').getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText('This email has a phone number, please sign in with that phone number.');
  });

  test('user-mgmt: missing code, unknown mode', async ({ page }) => {
    await page.goto('/user-mgmt?mode=resetPassword');
    await expect(page.locator('main').getByRole('alert')).toHaveText('Missing OOB Code.');
    await page.goto('/user-mgmt?mode=somethingElse&oobCode=abc');
    await expect(page.locator('main').getByRole('alert')).toHaveText('Invalid Action');
  });

  test('email verification returns to the stored emailVerify-return target, once, within 6 hours', async ({ page }) => {
    const email = randomEmail('verify');
    const user = await createEmailAccount({ email, password: 'secret-123' });
    const sent = await page.request.post('/accounts/api/customers/verify-email-v2', { data: { email }, headers: { Authorization: `Bearer ${user.idToken}`, 'X-Forwarded-For': clientIp } });
    expect(sent.status()).toBe(200);
    const link = new URL(await latestMail(page, email, 'verify-email'));
    await page.goto('/forgot-password');
    await page.evaluate((now) => localStorage.setItem('pf-emailVerify-return', JSON.stringify({ url: '/monthly-parking', timestamp: now })), Date.now());
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/monthly-parking$/);
    const verified = await page.request.get('/accounts/api/customers/is-email-verified', { headers: { Authorization: `Bearer ${user.idToken}` } });
    expect(await verified.text()).toBe('true');
    // Used link: the bad-token text.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.locator('main').getByRole('alert')).toHaveText('There was a problem processing your request. This link has already been used or expired.');
  });

  test('email verification without a fresh return target shows the verified message and a login button', async ({ page }) => {
    const email = randomEmail('verify-old');
    const user = await createEmailAccount({ email, password: 'secret-123' });
    await page.request.post('/accounts/api/customers/verify-email-v2', { data: { email }, headers: { Authorization: `Bearer ${user.idToken}`, 'X-Forwarded-For': clientIp } });
    const link = new URL(await latestMail(page, email, 'verify-email'));
    await page.goto('/forgot-password');
    await page.evaluate((then) => localStorage.setItem('pf-emailVerify-return', JSON.stringify({ url: '/monthly-parking', timestamp: then })), Date.now() - 7 * 3600_000);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('Your email address is verified!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test.describe('session', () => {
  test('a 401 that a token refresh cannot fix forces sign-out to sign-in with expired=true', async ({ page }) => {
    const phone = randomPhone();
    // The server refuses every token on this call: one refresh and retry, then forced sign-out.
    let refusals = 0;
    await page.route('**/accounts/api/customers/update-displayname', (route) => {
      refusals += 1;
      return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Your session has expired or the token is invalid. Please sign in again.' }) });
    });
    await page.goto('/sign-in');
    await enterPhone(page, phone);
    await page.getByLabel('Email Address *').fill(randomEmail('forced'));
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('First Name *').fill('Fay');
    await page.getByLabel('Last Name *').fill('Forced');
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await enterCode(page, phone);
    await expect(page).toHaveURL(/\/sign-in\?.*expired=true/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
    expect(refusals).toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('pf-auth'))).toBeNull();
  });
});
