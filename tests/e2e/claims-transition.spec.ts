/**
 * The monthly-account transition end to end (issue 20, spec 3 /monthly-transition/{locationNumber}):
 * a number that names no garage shows the invalid-URL message; a signed-in driver with no saved
 * card moves access card at lot 1042 online with a new card, sees the thank-you, finds the
 * contract in My Account, and a second transition of the same access card is refused clearly.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createPhoneAccount } from '../support/emulator-accounts.ts';
import { actAsOwnClient, randomEmail, randomPhone, signInWithPhone } from '../support/phone-sign-up.ts';

test.use({ serviceWorkers: 'block' });

const INVALID_URL = 'Requested url is invalid! Please verify if you are trying to access proper url and try again later.';

async function fillTransition(page: Page, accessCard: string, email: string) {
  await page.getByLabel('Access Card Number (4 digits) *').fill(accessCard);
  // The demo export of the old system (server/transitions/legacy-cards.ts): card 4NNN is on file with (212) 555-0NNN.
  await page.getByLabel('Phone Number *').fill(`(212) 555-0${accessCard.slice(-3)}`);
  await page.getByLabel('Email Address *', { exact: true }).fill(email);
  await page.getByLabel('Confirm Email Address *').fill(email);
  const fields: [string, string][] = [
    ['First Name *', 'Morgan'], ['Last Name *', 'Monthly'], ['Street *', '10 Main St'], ['City *', 'New York'], ['State *', 'NY'], ['ZIP Code *', '10001'],
    ['Make *', 'Honda'], ['Model *', 'Civic'], ['Year *', '2021'], ['License Plate *', 'mth7002'], ['License State *', 'NY'],
  ];
  const registration = page.getByRole('group', { name: 'Registration Information' });
  for (const [label, value] of fields) await registration.getByLabel(label, { exact: true }).fill(value);
  await registration.getByLabel('Color *').selectOption('Blue');
}

test('a monthly customer moves an access card online once, and the contract is in My Account', async ({ page }) => {
  await actAsOwnClient(page);
  const phone = randomPhone();
  await createPhoneAccount(phone, 'Morgan Monthly');
  await page.goto('/monthly-transition/1042');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await signInWithPhone(page, phone, { emailIfAsked: randomEmail('transition') });
  await expect(page).toHaveURL(/\/monthly-transition\/1042$/);
  await expect(page.getByRole('heading', { name: 'Monthly Account Transition' })).toBeVisible();

  // Every rule says so before anything is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Error: Form is not valid. Please fill all required fields to continue.')).toBeVisible();
  await expect(page.getByText('Error: Access Card Number field is required')).toBeVisible();

  // 4900–4999: the phone specs take 4800–4899 (phone-monthly.spec.ts).
  const accessCard = String(randomInt(4900, 5000));
  const email = randomEmail('monthly');
  await fillTransition(page, accessCard, email);
  await page.getByLabel('Confirm Email Address *').fill(`x${email}`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Error: The Email Address confirmation does not match')).toBeVisible();
  await page.getByLabel('Confirm Email Address *').fill(email);

  // No saved card: "A new card" is chosen; saving it selects it.
  await expect(page.getByRole('radio', { name: 'A new card' })).toBeChecked();
  // The card form's own fields (the registration form has a "ZIP Code *" too).
  const cardForm = page.locator('form.card-form');
  await cardForm.getByLabel('Card number *').fill('4242 4242 4242 4242');
  await cardForm.getByLabel('Expiry date *').fill('12/34');
  await cardForm.getByLabel('CVC *').fill('123');
  await cardForm.getByLabel('ZIP Code *').fill('10036');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByRole('radio', { name: /ending 4242/ })).toBeChecked();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you! Your monthly account has been moved online.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Account' }).click();
  await expect(page).toHaveURL(/\/my-account\/reservations$/);
  await expect(page.getByRole('heading', { name: /330 W 42nd St/ })).toBeVisible();

  // The same access card again: refused with the server's message.
  await page.goto('/monthly-transition/1042');
  await fillTransition(page, accessCard, email);
  await expect(page.getByRole('radio', { name: /ending 4242/ })).toBeChecked();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`Access card ${accessCard} has already been moved to an online account. If this is not you, please call us.`)).toBeVisible();

  await page.goto('/monthly-transition/9999');
  await expect(page.getByText(INVALID_URL)).toBeVisible();
});
