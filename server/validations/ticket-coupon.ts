/**
 * A code typed or scanned on a ticket (the coupon calls of /tickets/api): an issued validation
 * code, or else a promotion. A validation code is checked here (issued, merchant active, not
 * spent on another ticket, for this ticket or this garage, not expired) and priced for this
 * ticket; applying it also spends it (`claim`, run in the transaction that sets the ticket's
 * coupon). A word such as VALIDATED that nobody issued is no validation: it is looked up as a
 * promotion, and there is none; a promotion that would make the whole stay free is refused here.
 */
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import type { TicketCoupon } from '../parking-system/ticket-pricing.ts';
import type { TicketRow } from '../parking-system/ticket-store.ts';
import { chargeTicket, ticketPricedUntil } from '../parking-system/ticket-view.ts';
import { requireUsablePromotion } from '../promotions/routes.ts';
import { VALIDATION_CODE_PATTERN } from './codes.ts';
import { findCode, redeemCode, validationMessages, type CodeRow } from './store.ts';
import { validationTerms } from './ticket-terms.ts';

export type TicketCouponUse = {
  terms: TicketCoupon;
  /** Spends a validation code on the ticket, inside the transaction that applies it; none for a promotion. */
  claim?: (tx: Db) => Promise<void>;
};

/** Why this code cannot go on this ticket now, or undefined when it can (the same ticket taking its own code again can). */
function refusal(code: CodeRow, row: TicketRow, now: Date): HttpError | undefined {
  if (!code.is_merchant_active) return new HttpError(404, validationMessages.notValid(code.code));
  if (code.redeemed_ticket_id === row.ticket_id) return undefined;
  if (code.redeemed_ticket_id !== null) return new HttpError(409, validationMessages.used(code.code));
  if (code.ticket_id !== null && code.ticket_id !== row.ticket_id) return new HttpError(400, validationMessages.otherTicket(code.code));
  if (!code.location_ids.includes(row.location_id)) return new HttpError(400, validationMessages.otherGarage(code.code));
  if (now >= new Date(code.expires_at)) return new HttpError(400, validationMessages.expired(code.code, new Date(code.expires_at)));
  return undefined;
}

/** The terms of `code` on this ticket, or the driver-facing reason it cannot be used (404 unknown, 400 not here or expired, 409 spent). */
export async function couponForTicket(db: Db, row: TicketRow, code: string, now: Date, actor: string): Promise<TicketCouponUse> {
  const issued = VALIDATION_CODE_PATTERN.test(code) ? await findCode(db, code) : undefined;
  if (!issued) {
    const { terms } = await requireUsablePromotion(db, code, { now, appliesTo: 'DAILY', locationId: row.location_id });
    // A public code that makes a whole stay free would be VALIDATED again (e.g. a hotel's online-reservation code): on a ticket, only an issued validation does that.
    if (terms.discountType === 'PERCENT' && terms.discountValue >= 100_000) throw new HttpError(400, validationMessages.notOnTickets(code));
    return { terms };
  }
  const problem = refusal(issued, row, now);
  if (problem) throw problem;
  const terms = await validationTerms(db, row, { valueType: issued.value_type, value: issued.value }, ticketPricedUntil(row, now));
  if (issued.redeemed_ticket_id === row.ticket_id) return { terms };
  // What the code takes off the amount due now, for the merchant's bill (priced before the transaction: PGlite has one connection).
  const [without, withCode] = await Promise.all([chargeTicket(db, row, now, { coupon: null }), chargeTicket(db, row, now, { coupon: { code, terms } })]);
  const amountCents = without.charges.amountDueCents - withCode.charges.amountDueCents;
  return { terms, claim: (tx) => redeemCode(tx, { code, ticketId: row.ticket_id, locationId: row.location_id, actor, amountCents, now }) };
}
