/**
 * The signed-in customers calls. Each verifies the ID token (requireUser) and touches only the
 * caller's row, found by the token's uid: no call takes a customer id, so none can reach another
 * customer. Phone and email changes are checked against the identity provider, which is where
 * they are verified (SMS code) or made unique.
 */
import { Hono } from 'hono';
import {
  displayNameBodySchema,
  emailBodySchema,
  marketingPrefsBodySchema,
  phoneNumberBodySchema,
} from '../../../src/contract/accounts.ts';
import { type AuthVariables, requireUser } from '../../lib/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { userManagementLink } from '../../mail/link-origin.ts';
import { linkOriginFor } from '../../config.ts';
import { verifyEmailMessage } from '../../mail/templates.ts';
import {
  ensureCustomer,
  findCustomerByEmail,
  setCustomerDisplayName,
  setCustomerEmail,
  setCustomerEmailVerified,
  setCustomerPhone,
  setMarketingPrefs,
  toCustomerDetails,
} from './customer-store.ts';
import { CUSTOMER_MESSAGES } from './messages.ts';
import { EMAIL_LIMIT } from './public-routes.ts';
import { isRecentLogin } from './token-claims.ts';
import type { CustomersContext } from './routes.ts';
import { createVerificationToken } from './verification-tokens.ts';

export function createCustomersProfileApi(ctx: CustomersContext) {
  const { deps, identity, mailer } = ctx;
  const { db } = deps;
  // Per route, not app.use('*'): other services mount routes under the same prefix.
  const signedIn = requireUser(deps.verifyToken);
  const app = new Hono<{ Variables: AuthVariables }>();

  const details = async (c: { get: (key: 'user') => AuthVariables['user'] }) => toCustomerDetails(await ensureCustomer(db, identity, c.get('user')));
  app.get('/', signedIn, async (c) => c.json(await details(c)));
  app.get('/get-customer-details', signedIn, async (c) => c.json(await details(c)));

  app.post('/update-displayname', signedIn, validate('json', displayNameBodySchema), async (c) => {
    const { displayName } = c.req.valid('json');
    const customer = await ensureCustomer(db, identity, c.get('user'));
    await identity.update(customer.uid, { displayName });
    return c.json(toCustomerDetails(await setCustomerDisplayName(db, customer.customer_id, displayName)));
  });

  // The client changes the phone at the identity provider with an SMS code first; this call
  // records it, and only a phone the provider has verified for this very user.
  app.post('/update-phonenumber', signedIn, validate('json', phoneNumberBodySchema), async (c) => {
    const { phoneNumber } = c.req.valid('json');
    const customer = await ensureCustomer(db, identity, c.get('user'));
    const record = await identity.get(customer.uid);
    if (record?.phoneNumber !== phoneNumber) throw new HttpError(409, CUSTOMER_MESSAGES.phoneNotVerified);
    return c.json(toCustomerDetails(await setCustomerPhone(db, customer.customer_id, phoneNumber)));
  });

  // The account's contact email lives here, not at the identity provider: changing a Firebase
  // email revokes the caller's tokens (a forced sign-out mid-registration), and phone accounts
  // never sign in with it. Legacy password accounts keep their provider email for signing in.
  // Adding a first email needs no fresh sign-in; replacing one does (spec 2 §4 Email verification).
  app.post('/update-email-v2', signedIn, validate('json', emailBodySchema), async (c) => {
    const { email } = c.req.valid('json');
    const customer = await ensureCustomer(db, identity, c.get('user'));
    if (customer.email === email) return c.json(toCustomerDetails(customer));
    const [providerOwner, rowOwner] = await Promise.all([identity.findByEmail(email), findCustomerByEmail(db, email)]);
    const isTaken = (providerOwner && providerOwner.uid !== customer.uid) || (rowOwner && rowOwner.customer_id !== customer.customer_id);
    if (isTaken) throw new HttpError(409, CUSTOMER_MESSAGES.duplicateAccount);
    if (customer.email && !isRecentLogin(c, deps.now())) {
      return c.json({ message: CUSTOMER_MESSAGES.requiresRecentLogin, code: 'auth/requires-recent-login' }, 403);
    }
    const isVerified = providerOwner?.uid === customer.uid && providerOwner.emailVerified;
    return c.json(toCustomerDetails(await setCustomerEmail(db, customer.customer_id, email, isVerified)));
  });

  const emailLimit = rateLimit(deps, EMAIL_LIMIT);
  // verify-email is the older name of the same call (spec 2 §7 lists both).
  for (const path of ['/verify-email-v2', '/verify-email'] as const) {
    app.post(path, signedIn, emailLimit, validate('json', emailBodySchema), async (c) => {
      const { email } = c.req.valid('json');
      const customer = await ensureCustomer(db, identity, c.get('user'));
      if (customer.email !== email) throw new HttpError(400, CUSTOMER_MESSAGES.emailNotOnAccount);
      const token = await createVerificationToken(db, { customerId: customer.customer_id, email, now: deps.now() });
      const link = userManagementLink(linkOriginFor(deps.config), 'verifyEmail', token);
      await mailer.send(verifyEmailMessage({ to: email, displayName: customer.display_name, link }));
      return c.json({ message: CUSTOMER_MESSAGES.verificationSent });
    });
  }

  // Plain text "true"/"false" (spec 2 §5: the client accepts only the text "true").
  app.get('/is-email-verified', signedIn, async (c) => {
    let customer = await ensureCustomer(db, identity, c.get('user'));
    if (!customer.email_verified && customer.email) {
      // Verified through the provider's own link (legacy accounts): adopt it.
      const record = await identity.get(customer.uid);
      if (record?.emailVerified && record.email === customer.email) customer = await setCustomerEmailVerified(db, customer.customer_id);
    }
    return c.text(customer.email_verified ? 'true' : 'false');
  });

  app.post('/update-marketing-prefs', signedIn, validate('json', marketingPrefsBodySchema), async (c) => {
    const customer = await ensureCustomer(db, identity, c.get('user'));
    return c.json(toCustomerDetails(await setMarketingPrefs(db, customer.customer_id, c.req.valid('json'))));
  });

  return app;
}
