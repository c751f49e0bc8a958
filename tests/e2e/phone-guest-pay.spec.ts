/**
 * Guest payment of a paper ticket on a touch phone (issue 38 item 4; runs on pixel-7 412×915 and
 * phone-360 360×640): signed out, the driver types the ticket number on Pay for Parking, sees
 * "Pay as guest" with the card form alongside signing in, a declined card's message, then pays
 * with the test card and lands on the confirmation with no account and no text message; the
 * receipt they asked for is in the mail outbox. The QR's page (/app/{ticketNumber}) leads to the
 * same guest screen.
 */
import { randomBytes } from 'node:crypto';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { E2E_BASE_URL } from '../support/e2e-env.ts';
import { newGarageTicket } from '../support/lot-driver.ts';
import { fillCard } from '../support/park-and-pay-forms.ts';

test.beforeEach(({ context }) => prepareDriverContext(context));

test('signed out, pay a typed paper ticket as a guest with a card and get the receipt by email', async ({ page }) => {
  const ticketNumber = await newGarageTicket(50);
  const email = `guest-${randomBytes(4).toString('hex')}@example.com`;
  await page.goto('/pay-for-parking');
  await page.getByLabel('Ticket number').fill(ticketNumber);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Pay as guest' })).toBeVisible();
  // Signing in stays on offer, and leads to the signed-in review of the same ticket.
  await expect(page.getByRole('link', { name: 'Sign In to Pay' })).toHaveAttribute('href', `/pay-for-parking/${ticketNumber}`);
  // A guest has no saved cards and nothing to save a card to.
  await expect(page.getByRole('radio', { name: 'New credit card' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);

  const due = (await page.getByTestId('amount-due').textContent()) ?? '';
  await page.getByLabel('Email for a receipt (optional)').fill(email);
  await page.getByLabel('Name on card *').fill('Gia Guest');
  await fillCard(page, '4000000000009995');
  const pay = page.getByRole('button', { name: `Pay ${due}` });
  await pay.scrollIntoViewIfNeeded();
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' })).toBeVisible();

  await fillCard(page, '4242424242424242');
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking/${ticketNumber}/confirmation$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page).not.toHaveURL(/sign-in/);

  const outbox = await fetch(`${E2E_BASE_URL}/dev/api/outbox?to=${encodeURIComponent(email)}&kind=ticket-receipt`);
  const messages = (await outbox.json()) as { subject: string; text: string }[];
  expect(messages).toHaveLength(1);
  expect(messages[0]?.subject).toContain(ticketNumber);
  expect(messages[0]?.text).toContain('VISA ending in 4242');
});

test("the QR's page offers the guest payment to a signed-out driver", async ({ page }) => {
  const ticketNumber = await newGarageTicket(30);
  await page.goto(`/app/${ticketNumber}`);
  await page.getByRole('link', { name: 'Pay for Parking' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay-for-parking\\?ticket=${ticketNumber}$`));
  await expect(page.getByRole('heading', { name: 'Pay as guest' })).toBeVisible();
  await expect(page.getByLabel('Card number *')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In to Pay' })).toBeVisible();
});
