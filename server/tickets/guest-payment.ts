/**
 * Guest payment of a paper ticket (issue 38 item 4): a driver who holds a paper ticket pays its
 * balance with a new card, with no account and no text message, and may ask for a receipt by
 * email. Mounted under /payments/api/guest by the payments routes, so it runs on the same payment
 * service, processor and Idempotency-Key store as signed-in payments: one open and one succeeded
 * payment per payable, processor keys derived from the payment id, crash reconciliation, and the
 * ticket payable's own rules (priced on the server, a balance paid once, exited tickets refused).
 *
 * What a guest can reach:
 * - only the ticket it names, and only while that ticket is an unclaimed paper ticket (a bearer
 *   ticket, parking-system/ticket-access.ts): a claimed ticket answers the same 404 as a missing
 *   one. Naming it is a guess at its number, counted per client by the ticket-number guess limit
 *   (server/lib/guess-limit.ts) exactly as the signed-out ticket calls are;
 * - only that ticket's payables (`ticket:<number>`, `ticket:<number>.<n>`), paid by a new card:
 *   no saved card, no saving one (the body is strict, `savePaymentMethod` is refused);
 * - only the payments made as a guest for that ticket. The guest payer is the pseudo-account
 *   `guest-ticket:<number>` (no sign-in can ever produce that uid), so its Idempotency-Keys and
 *   payments are per ticket, and paying as a guest does not claim the ticket (ticket-payable.ts):
 *   it stays a paper ticket a driver may still sign in and keep in Digital Tickets.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { emailSchema } from '../../src/contract/accounts.ts';
import { recordIdSchema } from '../../src/contract/paged.ts';
import { extractTicketNumber, isTicketNumber, parseTicketPaymentId } from '../../src/contract/tickets.ts';
import type { Deps } from '../deps.ts';
import type { AuthUser, AuthVariables } from '../lib/auth.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { clientKeyOf, requireWithinLimit } from '../lib/rate-limit.ts';
import { idParam, validate } from '../lib/validate.ts';
import { createMailer } from '../mail/mailer.ts';
import { requireTicketByNumber } from '../parking-system/ticket-access.ts';
import { findPayment, isSettled, toPayment, type PaymentRow } from '../payments/payment-store.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { guestReceiptMessage } from './guest-receipt.ts';

const GUEST_UID_PREFIX = 'guest-ticket:';
/** The pseudo-account a guest pays a ticket as (Firebase uids never contain a colon). */
export const guestUidOf = (ticketNumber: string) => `${GUEST_UID_PREFIX}${ticketNumber}`;
export const isGuestUid = (uid: string) => uid.startsWith(GUEST_UID_PREFIX);

/** Receipts are mail to an address the caller types: a few per payment, and per client, so the endpoint cannot be used to spam. */
export const GUEST_RECEIPT_LIMIT = { bucket: 'guest-ticket-receipt', limit: 5, windowSeconds: 600, message: 'Too many receipt requests. Please wait a few minutes and try again.' };
const RECEIPTS_PER_PAYMENT = 3;

const ticketParam = v.object({
  ticketNumber: v.pipe(
    v.string(),
    v.maxLength(64, 'The ticket number is too long.'),
    v.transform(extractTicketNumber),
    v.check(isTicketNumber, 'The ticket number must be 23 digits or 6 to 7 letters and digits.'),
  ),
});
const paymentParam = v.object({ ticketNumber: ticketParam.entries.ticketNumber, id: idParam.entries.id });
export const guestInitializeBodySchema = v.strictObject(
  {
    systemEntityId: v.pipe(v.string('systemEntityId is required'), v.maxLength(80, 'systemEntityId is too long')),
    /** The payment of an earlier attempt, so a retry continues it instead of starting another. */
    paymentId: v.nullish(recordIdSchema('paymentId')),
  },
  'Only systemEntityId and paymentId may be sent: a guest pays with a new card and cannot save it.',
);
export const guestReceiptBodySchema = v.strictObject({ email: emailSchema }, 'Only email may be sent.');

type Env = { Variables: AuthVariables };
type Tools = { deps: Deps; service: PaymentService; idempotent: MiddlewareHandler<Env> };

export function createGuestTicketPaymentApi({ deps, service, idempotent }: Tools): Hono<Env> {
  const { db, now, config } = deps;
  const mailer = createMailer(deps);
  const clientOf = (c: Context) => clientKeyOf(c, config.trustProxyHops);
  const ticketNumberOf = (c: Context) => (c.req.valid as (target: 'param') => { ticketNumber: string })('param').ticketNumber;

  /**
   * The named ticket, as a signed-out caller may see it (one guess by this client), and the guest
   * pseudo-account as the request's user for the Idempotency-Key store.
   */
  const asGuest: MiddlewareHandler<Env> = async (c, next) => {
    const ticketNumber = ticketNumberOf(c);
    await requireTicketByNumber({ db, now }, clientOf(c), ticketNumber, { kind: 'anonymous' });
    const user: AuthUser = { uid: guestUidOf(ticketNumber), email: undefined, phoneNumber: undefined };
    c.set('user', user);
    await next();
  };

  /** One of this ticket's guest payments, synced with the processor while it is open. */
  async function loadPayment(ticketNumber: string, paymentId: number): Promise<PaymentRow> {
    const row = await findPayment(db, guestUidOf(ticketNumber), paymentId);
    if (!row) throw notFound('The payment');
    return service.sync(row);
  }

  return new Hono<Env>()
    .post('/tickets/:ticketNumber/payments/initialize', validate('param', ticketParam), asGuest, idempotent, validate('json', guestInitializeBodySchema), async (c) => {
      const ticketNumber = c.req.valid('param').ticketNumber;
      const { systemEntityId, paymentId } = c.req.valid('json');
      const [kind, id] = systemEntityId.split(':', 2);
      if (kind !== 'ticket' || !id || parseTicketPaymentId(id)?.ticketNumber !== ticketNumber) {
        throw new HttpError(400, `systemEntityId must be a payment of ticket ${ticketNumber}: ticket:${ticketNumber}.`);
      }
      return c.json(await service.initialize(c.get('user'), { systemEntityId, paymentId, savePaymentMethod: false }));
    })
    // HEAD is answered by this GET (Hono): polling HEAD until 200 waits until settled.
    .get('/tickets/:ticketNumber/payments/:id', validate('param', paymentParam), asGuest, async (c) => {
      const { ticketNumber, id } = c.req.valid('param');
      const payment = toPayment(await loadPayment(ticketNumber, id));
      return c.json(payment, isSettled(payment.status) ? 200 : 202);
    })
    .post('/tickets/:ticketNumber/payments/:id/receipt', validate('param', paymentParam), asGuest, idempotent, validate('json', guestReceiptBodySchema), async (c) => {
      const { ticketNumber, id } = c.req.valid('param');
      const { email } = c.req.valid('json');
      const row = await loadPayment(ticketNumber, id);
      if (row.status !== 'succeeded') throw new HttpError(409, 'This payment has not gone through, so there is no receipt yet.');
      const subject = `Your ParkFair receipt for ticket ${ticketNumber} (payment ${row.payment_id})`;
      const sent = await db.query<{ to_address: string }>(`select lower(to_address) as to_address from mail_outbox where kind = 'ticket-receipt' and subject = $1`, [subject]);
      // The same address again is the same receipt: answered as sent, not mailed twice.
      if (sent.some((mail) => mail.to_address === email.toLowerCase())) return c.json({ email, isSent: true });
      if (sent.length >= RECEIPTS_PER_PAYMENT) throw new HttpError(409, 'A receipt for this payment was already sent to several addresses.');
      await requireWithinLimit(deps, GUEST_RECEIPT_LIMIT, clientOf(c));
      await mailer.send(guestReceiptMessage({ to: email, subject, ticketNumber, payment: row }));
      return c.json({ email, isSent: true });
    });
}
