/**
 * /transitions/api (spec 3 §7 "Monthly transition"), signed-in customers:
 *   POST /transitions/api/transitions { locationId, customerPaymentMethodId, secomPhoneNumber, secomAccessCardNumber, transitionEmailAddress, form }
 * A monthly customer of the old system moves their access card online: the rules of spec 3 §5
 * (checkTransition, shared with the form), the card must be the caller's own saved card, the
 * garage must sell monthly parking. The result is a monthly reservation and contract of the
 * caller at the garage's Regular monthly rate with tax, billed to that card from the 1st of next
 * month (New York; this month was paid in the old system), shown in My Account. The access card
 * must be on file at that garage with the phone given (legacy-cards.ts; a made-up card is 404 with
 * its message). One transition per access card at a garage: a second is 409 with a clear message.
 */
import { Hono } from 'hono';
import {
  alreadyTransitionedMessage, checkTransition, TRANSITION_MESSAGES, transitionBodySchema, transitionErrorMessages, type TransitionReceipt, unknownAccessCardMessage,
} from '../../src/contract/monthly-transition.ts';
import { toNewYorkDate } from '../../src/contract/vehicles.ts';
import { locationExists } from '../claims/queries.ts';
import { ensureCustomer } from '../accounts/customers/customer-store.ts';
import { createFirebaseIdentityAdmin, type IdentityAdmin } from '../accounts/customers/identity-admin.ts';
import type { Deps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../lib/auth.ts';
import { HttpError } from '../lib/http-error.ts';
import { guessing, type GuessRule } from '../lib/guess-limit.ts';
import { validate } from '../lib/validate.ts';
import { firstOfNewYorkMonth } from '../monthly-contracts/contract-view.ts';
import { listActiveMonthlyRates } from '../rates/monthly-queries.ts';
import { monthlyTaxContext } from '../rates/monthly-rate.ts';
import { dollarsToCents } from '../rates/money.ts';
import { withTax } from '../rates/taxes.ts';
import { isLegacyCardOnFile } from './legacy-cards.ts';
import { insertTransition, isCardTransitioned, isOwnActiveCard } from './queries.ts';

/**
 * Wrong access cards, per account: 10 an hour (a customer mistyping their card has plenty), and
 * 1,000 an hour from everyone together, so new accounts do not buy more guesses (decision 0113).
 */
const CARD_GUESSES: GuessRule = {
  family: 'transition-card', windowSeconds: 3600, missesPerClient: 10, missesOverall: 1000,
  message: 'Too many access card numbers were tried. Please try again in an hour or call us.',
};

export function createTransitionsApi(deps: Deps, identity: IdentityAdmin = createFirebaseIdentityAdmin(deps.config)) {
  const { db, now, verifyToken } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();

  app.post('/transitions', requireUser(verifyToken), validate('json', transitionBodySchema), async (c) => {
    const body = c.req.valid('json');
    const problems = transitionErrorMessages(checkTransition(body));
    if (problems.length > 0) throw new HttpError(400, problems.join('; '));
    const user = c.get('user');
    const cardId = body.customerPaymentMethodId ?? 0;
    if (!(await isOwnActiveCard(db, user.uid, cardId))) throw new HttpError(404, 'Payment method was not found.');
    const accessCard = body.secomAccessCardNumber.trim();
    if (!(await locationExists(db, body.locationId))) throw new HttpError(404, 'Location not found');
    const at = now();
    const rate = (await listActiveMonthlyRates(db, [body.locationId], toNewYorkDate(at))).find((row) => row.groupName === 'Regular');
    if (!rate) throw new HttpError(400, TRANSITION_MESSAGES.noMonthlyParking);
    // The card must be one of the garage's monthly customers in the old system, with the phone
    // on file; checked before "already moved", so that answer never tells a guesser a card exists.
    await guessing({ db, now }, CARD_GUESSES, user.uid, async () => {
      if (!(await isLegacyCardOnFile(db, body.locationId, accessCard, body.secomPhoneNumber))) throw new HttpError(404, unknownAccessCardMessage(accessCard));
    });
    if (await isCardTransitioned(db, body.locationId, accessCard)) throw new HttpError(409, alreadyTransitionedMessage(accessCard));
    const customer = await ensureCustomer(db, identity, user);
    const startUtc = firstOfNewYorkMonth(at, 1);
    const created = await insertTransition(db, {
      customerId: customer.customer_id, body: { ...body, customerPaymentMethodId: cardId }, monthlyRateId: rate.monthlyRateId,
      amountCents: withTax(dollarsToCents(rate.rate), monthlyTaxContext(rate.area, { isBusiness: false, isResident: false, isTaxExempt: false })),
      startUtc, now: at,
    });
    if (!created) throw new HttpError(409, alreadyTransitionedMessage(accessCard));
    const receipt: TransitionReceipt = { ...created, startUtc: startUtc.toISOString(), message: TRANSITION_MESSAGES.thankYou };
    return c.json(receipt, 201);
  });

  return app;
}
