/**
 * Sign-in and registration end to end (spec 2 §4): real Chromium, the real server and the
 * Firebase Auth emulator. SMS codes are read from the emulator's verification-codes endpoint,
 * emails from the server's development outbox. Each test uses fresh phone numbers and emails.
 */
import { expect, type Page, test } from '@playwright/test';
import { latestMail, latestMessage } from '../support/dev-outbox.ts';
import { createEmailAccount, createPhoneAccount, identity, latestRecoveryCode } from '../support/emulator-accounts.ts';
import { actAsOwnClient, enterCode, enterPhone, national, randomEmail, randomPhone, signInWithPhone, smsCodes } from '../support/phone-sign-up.ts';

// Requests a service worker makes bypass page.route (used below); these flows need no worker.
test.use({ serviceWorkers: 'block' });

let clientIp = '';
test.beforeEach(async ({ page }) => {
  clientIp = await actAsOwnClient(page);
});

/** An email step (the phone flow asking for one, legacy sign-in's first step): the address, then Continue. */
async function enterEmail(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email Address *').fill(email);
  await page.locator('main').getByRole('button', { name: 'Continue' }).click();
}

/** After a reset was asked for: the notice, then the mailed link opens the new-password form. Returns the link. */
async function followMailedResetLink(page: Page, email: string): Promise<URL> {
  await expect(page.getByText('If an account exists for this email address, a link to reset its password has been sent.')).toBeVisible();
  const link = new URL(await latestMail(email, 'password-reset'));
  expect(link.pathname).toBe('/user-mgmt');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  return link;
}

test.describe('phone sign-in and registration', () => {
  test('a new phone registers: email, then first and last name, then the SMS code (step 4, email unknown)', async ({ page }) => {
    const phone = randomPhone();
    const email = randomEmail('new');
    await page.goto('/sign-in');
    await expect(page.getByText('Fields marked with asterisk (*) are required')).toBeVisible();
    await expect(page.getByLabel('Country')).toHaveValue('US');
    await enterPhone(page, phone);
    await enterEmail(page, email);
    await page.getByLabel('First Name *').fill('Ann');
    await page.getByLabel('Last Name *').fill('Lee');
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Mobile Phone Number', { exact: true })).toHaveValue(phone);
    await enterCode(page, phone);
    await expect(page).toHaveURL(/\/my-account\/profile$/);
    const lookup = await page.request.get(`/accounts/api/customers/is-phone-registered/${encodeURIComponent(phone)}`);
    expect(await lookup.json()).toEqual({ displayName: 'Ann Lee', hasEmail: true });
    expect(await latestMail(email, 'verify-email')).toContain('/user-mgmt?mode=verifyEmail');
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
    await enterEmail(page, email);
    await expect(page.getByText('A duplicate account was detected. Please click "Continue" to sign in. No further action is required.')).toBeVisible();
    expect((await latestMessage(email, 'duplicate-account')).text).toContain(phone);
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
    await enterEmail(page, email);
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
    await enterEmail(page, email);
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
    await enterEmail(page, email);
    await page.getByLabel('Password *').fill('secret-123');
    await page.locator('main').getByRole('button', { name: 'Sign In' }).click();
    await enterPhone(page, phone);
    await enterCode(page, phone);
    await expect(page).toHaveURL(/\/my-account\/profile$/);
    const lookup = await page.request.get(`/accounts/api/customers/does-email-exist/${encodeURIComponent(email)}`);
    expect(await lookup.json()).toMatchObject({ hasPhoneNumber: true });
  });

  test('a phone that belongs to another account: the duplicate message, then Continue signs in anyway and mails the confirmation', async ({ page }) => {
    const email = randomEmail('legacy-dup');
    const takenPhone = randomPhone();
    await createPhoneAccount(takenPhone, 'Otto Other');
    await createEmailAccount({ email, password: 'secret-123' });
    await page.goto('/sign-in/legacy');
    await enterEmail(page, email);
    await page.getByLabel('Password *').fill('secret-123');
    await page.locator('main').getByRole('button', { name: 'Sign In' }).click();
    await enterPhone(page, takenPhone);
    await expect(
      page.getByText('A duplicate account was detected which prevented us from associating your email and phone number. Please click "Continue" to sign-in and this issue will be addressed by us at a later time...'),
    ).toBeVisible();
    await page.locator('main').getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/my-account\/profile$/);
    expect((await latestMessage(email, 'duplicate-account')).text).toContain(takenPhone);
  });

  test('the password step\'s "Email me a reset link" mails a working reset link', async ({ page }) => {
    const email = randomEmail('legacy-reset');
    await createEmailAccount({ email, password: 'forgotten-1' });
    await page.goto('/sign-in/legacy');
    await enterEmail(page, email);
    await page.getByRole('button', { name: 'Forgot your password? Email me a reset link' }).click();
    await followMailedResetLink(page, email);
  });

  test('sends password accounts with a phone, and accounts without a password, to phone sign-in', async ({ page }) => {
    const owner = await createPhoneAccount(randomPhone());
    const email = randomEmail('has-phone');
    await identity('accounts:update', { idToken: owner.idToken, email, password: 'secret-123' });
    await page.goto('/sign-in/legacy');
    await enterEmail(page, email);
    await expect(page.locator('main').getByRole('alert')).toHaveText('We are eliminating passwords and switching to phone-based one-time passcodes. Please sign in using your mobile phone number.');
    await enterEmail(page, randomEmail('nobody'));
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
    const link = await followMailedResetLink(page, email);
    await page.getByLabel('New Password *').fill('new-secret');
    await page.getByLabel('Confirm Password *').fill('different');
    await page.locator('main').getByRole('button', { name: 'Save Password' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText('Error: The password confirmation does not match');
    await page.getByLabel('Confirm Password *').fill('new-secret');
    await page.locator('main').getByRole('button', { name: 'Save Password' }).click();
    await expect(page).toHaveURL(/\/sign-in\/legacy\?newPassword=true/);
    await expect(page.getByText('Your password has been successfully changed.')).toBeVisible();
    await enterEmail(page, email);
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

  test('user-mgmt recoverEmail: the emailed recovery link restores the old address and mails a password reset to it', async ({ page }) => {
    const original = randomEmail('recover');
    const account = await createEmailAccount({ email: original, password: 'secret-123' });
    // Changing the email at the identity provider issues a recovery code for the first address.
    await identity('accounts:update', { idToken: account.idToken, email: randomEmail('hijacked'), returnSecureToken: true });
    const oobCode = await latestRecoveryCode(original);
    await page.goto(`/user-mgmt?mode=recoverEmail&oobCode=${encodeURIComponent(oobCode)}`);
    await expect(page.getByRole('heading', { name: 'Email Restored' })).toBeVisible();
    await expect(page.getByText('If an account exists for this email address, a link to reset its password has been sent.')).toBeVisible();
    expect(new URL(await latestMail(original, 'password-reset')).pathname).toBe('/user-mgmt');
    const lookup = await page.request.get(`/accounts/api/customers/does-email-exist/${encodeURIComponent(original)}`);
    expect(lookup.status()).toBe(200);
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
    const link = new URL(await latestMail(email, 'verify-email'));
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
    const link = new URL(await latestMail(email, 'verify-email'));
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
    // Signed out, but not logged out: the stored item stays, marked expired, as the owner of the
    // driver's saved tickets and passes (only Logout removes them, README "Saved state…").
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('pf-auth'))) ?? '{}')).toMatchObject({ isExpired: true });
  });
});

test.describe('after sign-in (spec 2 §2 routing rules, §4 Auth session)', () => {
  const SAM = '+12015550102';
  const DANA = '+12125550101';
  const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account' });

  /** The next client log record of that event (POST /logs/api/webclient_log). */
  const logRecord = (page: Page, logEvent: string) =>
    page.waitForRequest((request) => request.url().endsWith('/logs/api/webclient_log') && (request.postDataJSON() as { logEvent?: string }).logEvent === logEvent);

  test('a ticket-system user (Sam, a monthly contract) lands on monthly reservations; sign-out clears the contracts', async ({ page }) => {
    await page.goto('/sign-in');
    const login = logRecord(page, 'Login');
    await signInWithPhone(page, SAM);
    await expect(page).toHaveURL(/\/my-account\/reservations$/);
    expect((await login).postDataJSON()).toMatchObject({ logEvent: 'Login', uid: 'demo-driver-2', phone: SAM });
    const contract = page.getByTestId('monthly-contract');
    await expect(contract.getByRole('heading', { name: '330 W 42nd St, New York' })).toBeVisible();
    await expect(contract.getByText('Active', { exact: true })).toBeVisible();
    await expect(contract.getByText(/^\d of \d months paid$/)).toBeVisible();
    // The profile link of the account menu goes to monthly reservations for him.
    await expect(accountMenu(page).getByRole('link', { name: 'Sam Commuter' })).toHaveAttribute('href', '/my-account/reservations');
    await expect(accountMenu(page).getByRole('link', { name: 'My Reservations' })).toBeVisible();

    // The main menu overlay: My Account with its items, and a close button.
    await accountMenu(page).getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Main menu' });
    await expect(menu.getByRole('button', { name: 'My Account' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('list').nth(1).getByRole('link')).toHaveText(['Digital Tickets', 'Access Pass', 'Profile', 'Reservations', 'Receipts', 'Monthly Subscriptions', 'Vehicles']);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    // The contracts were loaded after login and kept with the user's data; Logout drops them.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pf-query-cache') ?? '')).toContain('monthly-contracts');
    const logout = logRecord(page, 'Logout');
    await accountMenu(page).getByRole('button', { name: 'Logout' }).click();
    expect((await logout).postDataJSON()).toMatchObject({ logEvent: 'Logout', uid: 'demo-driver-2' });
    await expect(page).toHaveURL(/\/$/);
    await expect(accountMenu(page).getByRole('link', { name: 'Sign In / Register' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pf-query-cache') ?? '')).not.toContain('monthly-contracts');
    expect(await page.evaluate(() => localStorage.getItem('pf-auth'))).toBeNull();
  });

  test('a customer without a monthly contract (Dana) lands on the profile, and so does her profile link', async ({ page }) => {
    await page.goto('/sign-in');
    await signInWithPhone(page, DANA);
    await expect(page).toHaveURL(/\/my-account\/profile$/);
    await expect(accountMenu(page).getByRole('link', { name: 'Dana Driver' })).toHaveAttribute('href', '/my-account/profile');
    // Her reservations page says so instead of listing contracts.
    await accountMenu(page).getByRole('link', { name: 'My Reservations' }).click();
    await expect(page.getByText('You have no monthly reservations.')).toBeVisible();
  });

  test('a redirect wins over monthly reservations for a ticket-system user', async ({ page }) => {
    await page.goto('/sign-in?redirect=%2Fmy-account%2Fvehicles');
    await signInWithPhone(page, SAM);
    await expect(page).toHaveURL(/\/my-account\/vehicles$/);
  });
});
