/**
 * The customers calls made before sign-in (the sign-in flow, forgot password, email links).
 * They reveal whether a phone or email has an account or send email, so each is rate-limited
 * per client IP. The identity provider is asked too: a user created by phone sign-in exists
 * there before the first signed-in accounts call creates the customer row.
 */
import { Hono } from 'hono';
import {
  emailAndPhoneBodySchema,
  emailBodySchema,
  type EmailLookup,
  type PhoneLookup,
  verificationTokenBodySchema,
} from '../../../src/contract/accounts.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimit, TOO_MANY_REQUESTS_MESSAGE } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { userManagementLink } from '../../mail/link-origin.ts';
import { linkOriginFor } from '../../config.ts';
import { contactCustomerServiceMessage, duplicateAccountMessage, passwordResetMessage } from '../../mail/templates.ts';
import { findCustomerByEmail, findCustomerByPhone, findCustomerByUid, recordServiceRequest, setCustomerEmail, setCustomerEmailVerified } from './customer-store.ts';
import { CUSTOMER_MESSAGES } from './messages.ts';
import { emailParamSchema, phoneParamSchema } from './params.ts';
import type { CustomersContext } from './routes.ts';
import { consumeVerificationToken } from './verification-tokens.ts';

/** Lookups: a sign-in needs two or three, so this leaves room for typos and shared IPs. */
export const LOOKUP_LIMIT = { bucket: 'account-lookup', limit: 60, windowSeconds: 600, message: TOO_MANY_REQUESTS_MESSAGE };
/** Calls that send email to an address the caller names. */
export const EMAIL_LIMIT = { bucket: 'account-email', limit: 10, windowSeconds: 3600, message: TOO_MANY_REQUESTS_MESSAGE };

export function createCustomersPublicApi(ctx: CustomersContext) {
  const { deps, identity, mailer } = ctx;
  const { db } = deps;
  const lookupLimit = rateLimit(deps, LOOKUP_LIMIT);
  const emailLimit = rateLimit(deps, EMAIL_LIMIT);
  const app = new Hono();

  /** Who holds a phone: the identity provider first (the authority), else a customer row. */
  async function describePhone(phone: string): Promise<{ uid: string | null; displayName: string | null; email: string | null } | undefined> {
    const user = await identity.findByPhone(phone);
    if (user) {
      const row = await findCustomerByUid(db, user.uid);
      return { uid: user.uid, displayName: user.displayName ?? row?.display_name ?? null, email: row?.email ?? user.email ?? null };
    }
    const row = await findCustomerByPhone(db, phone);
    return row ? { uid: row.uid, displayName: row.display_name, email: row.email } : undefined;
  }

  async function describeEmail(email: string): Promise<{ uid: string | null; displayName: string | null; phone: string | null; hasPassword: boolean } | undefined> {
    const user = await identity.findByEmail(email);
    if (user) {
      const row = await findCustomerByUid(db, user.uid);
      return { uid: user.uid, displayName: user.displayName ?? row?.display_name ?? null, phone: user.phoneNumber ?? row?.phone ?? null, hasPassword: user.hasPassword };
    }
    const row = await findCustomerByEmail(db, email);
    return row ? { uid: row.uid, displayName: row.display_name, phone: row.phone, hasPassword: false } : undefined;
  }

  app.get('/is-phone-registered/:phone', lookupLimit, validate('param', phoneParamSchema), async (c) => {
    const found = await describePhone(c.req.valid('param').phone);
    if (!found) throw new HttpError(404, CUSTOMER_MESSAGES.phoneNotRegistered);
    return c.json({ displayName: found.displayName, hasEmail: Boolean(found.email) } satisfies PhoneLookup);
  });

  app.get('/does-email-exist/:email', lookupLimit, validate('param', emailParamSchema), async (c) => {
    const found = await describeEmail(c.req.valid('param').email);
    if (!found) throw new HttpError(404, CUSTOMER_MESSAGES.emailNotRegistered);
    return c.json({ displayName: found.displayName, hasPhoneNumber: Boolean(found.phone) } satisfies EmailLookup);
  });

  // The link of a verification email may be opened signed out (another device): the token is the proof.
  app.post('/validate-verification-token', lookupLimit, validate('json', verificationTokenBodySchema), async (c) => {
    const verified = await consumeVerificationToken(db, c.req.valid('json').verificationToken, deps.now());
    if (!verified) throw new HttpError(400, CUSTOMER_MESSAGES.badToken);
    await setCustomerEmailVerified(db, verified.customerId);
    await identity.update(verified.uid, { emailVerified: true });
    return c.json({ message: CUSTOMER_MESSAGES.emailVerified });
  });

  /** Sends a password-reset link to an email account without a phone (legacy accounts only). */
  async function sendPasswordReset(email: string, origin: string): Promise<void> {
    const oobCode = await identity.createPasswordResetCode(email);
    await mailer.send(passwordResetMessage({ to: email, link: userManagementLink(origin, 'resetPassword', oobCode) }));
  }

  app.post('/send-password-reset-email', emailLimit, validate('json', emailBodySchema), async (c) => {
    const { email } = c.req.valid('json');
    if ((await describeEmail(email))?.phone) throw new HttpError(409, CUSTOMER_MESSAGES.emailHasPhone);
    // An unknown email gets the same answer as a known one: this call must not reveal accounts.
    const user = await identity.findByEmail(email);
    if (user) await sendPasswordReset(email, linkOriginFor(deps.config));
    return c.json({ message: CUSTOMER_MESSAGES.resetSent });
  });

  // After the user-mgmt page restored an email (recoverEmail action code), the customer row takes
  // the restored email back and the owner gets a reset link, in case the password was changed too.
  app.post('/recover-email', emailLimit, validate('json', emailBodySchema), async (c) => {
    const { email } = c.req.valid('json');
    if ((await describeEmail(email))?.phone) throw new HttpError(409, CUSTOMER_MESSAGES.emailHasPhone);
    const user = await identity.findByEmail(email);
    if (!user) throw new HttpError(404, CUSTOMER_MESSAGES.systemError);
    const row = await findCustomerByUid(db, user.uid);
    if (row && row.email !== email) await setCustomerEmail(db, row.customer_id, email, user.emailVerified);
    await sendPasswordReset(email, linkOriginFor(deps.config));
    return c.json({ message: CUSTOMER_MESSAGES.resetSent });
  });

  app.post('/contact-csc', emailLimit, validate('json', emailAndPhoneBodySchema), async (c) => {
    const { email, phoneNumber } = c.req.valid('json');
    const row = await findCustomerByEmail(db, email);
    await recordServiceRequest(db, { kind: 'contact-csc', email, phone: phoneNumber, customerId: row?.customer_id ?? null });
    await mailer.send(contactCustomerServiceMessage({ email, phoneNumber }));
    return c.json({ message: CUSTOMER_MESSAGES.requestReceived });
  });

  // Spec 2 §4 step 5, duplicate-account case: the phone's account has no email and the email
  // belongs to another account. Checked here so the call cannot mail arbitrary addresses.
  app.post('/send-duplicate-account-email', emailLimit, validate('json', emailAndPhoneBodySchema), async (c) => {
    const { email, phoneNumber } = c.req.valid('json');
    const [phoneOwner, emailOwner] = await Promise.all([describePhone(phoneNumber), describeEmail(email)]);
    const isDuplicate = phoneOwner && emailOwner && !phoneOwner.email && phoneOwner.uid !== emailOwner.uid;
    if (!isDuplicate) throw new HttpError(400, CUSTOMER_MESSAGES.noDuplicate);
    const row = phoneOwner.uid ? await findCustomerByUid(db, phoneOwner.uid) : undefined;
    await recordServiceRequest(db, { kind: 'duplicate-account', email, phone: phoneNumber, customerId: row?.customer_id ?? null });
    await mailer.send(duplicateAccountMessage({ to: email, phoneNumber }));
    return c.json({ message: CUSTOMER_MESSAGES.duplicateNoticeSent });
  });

  return app;
}
