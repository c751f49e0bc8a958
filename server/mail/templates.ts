/**
 * The account emails. Plain text (the links must survive any mail client); each lists its action
 * link in `links` so tests and the dev outbox can follow it.
 */
import type { MailMessage } from './mailer.ts';

/** Where contact-csc requests and duplicate-account reports go (customer service mailbox). */
export const CUSTOMER_SERVICE_ADDRESS = 'customerservice@parkfair.example';
const SIGNATURE = '\n\nParkFair Customer Service\nMonday to Friday, 8:30 AM to 5:00 PM';

function greeting(displayName: string | null | undefined): string {
  return displayName ? `Hello ${displayName},` : 'Hello,';
}

export function verifyEmailMessage(input: { to: string; displayName: string | null; link: string }): MailMessage {
  return {
    to: input.to,
    kind: 'verify-email',
    subject: 'Verify your email address for ParkFair',
    text: `${greeting(input.displayName)}\n\nPlease confirm that ${input.to} is your email address by opening this link:\n\n${input.link}\n\nThe link works once and expires in 24 hours. If you did not ask for this, you can ignore this email.${SIGNATURE}`,
    links: [input.link],
  };
}

export function passwordResetMessage(input: { to: string; link: string }): MailMessage {
  return {
    to: input.to,
    kind: 'password-reset',
    subject: 'Reset your ParkFair password',
    text: `Hello,\n\nFollow this link to reset the password of your ParkFair account ${input.to}:\n\n${input.link}\n\nIf you did not ask to reset your password, you can ignore this email.${SIGNATURE}`,
    links: [input.link],
  };
}

export function duplicateAccountMessage(input: { to: string; phoneNumber: string }): MailMessage {
  return {
    to: input.to,
    kind: 'duplicate-account',
    subject: 'We found two ParkFair accounts for you',
    text: `Hello,\n\nYou signed in with the mobile number ${input.phoneNumber}, which belongs to a different ParkFair account than ${input.to}. A duplicate account was detected, so we could not associate your email and phone number yet.\n\nNo further action is required: our customer service team will merge the accounts and let you know.${SIGNATURE}`,
    links: [],
  };
}

export function contactCustomerServiceMessage(input: { email: string; phoneNumber: string }): MailMessage {
  return {
    to: CUSTOMER_SERVICE_ADDRESS,
    kind: 'contact-csc',
    subject: `Sign-in help requested: ${input.email}`,
    text: `A customer could not sign in because ${input.email} is associated with another phone number.\n\nEmail: ${input.email}\nPhone entered: ${input.phoneNumber}\n\nPlease contact the customer.`,
    links: [],
  };
}
