/**
 * What a validation code takes off a ticket, as coupon terms the ticket pricer understands, and
 * the terms of the coupon a ticket has applied (a promotion, or a validation code this ticket
 * redeemed). Separate from ticket-coupon.ts because the ticket pricer (ticket-view.ts) uses it.
 */
import type { Db } from '../db/client.ts';
import { priceTicket, type TicketCoupon } from '../parking-system/ticket-pricing.ts';
import type { TicketRow } from '../parking-system/ticket-store.ts';
import { findPromotion } from '../promotions/queries.ts';
import { VALIDATION_CODE_PATTERN } from './codes.ts';
import type { ValidationValue } from './store.ts';

const HOUR_MS = 3_600_000;

/** FULL and PERCENT are a percentage; AMOUNT a fixed amount; HOURS the board price of the first hours of this stay. */
export async function validationTerms(db: Db, row: TicketRow, value: ValidationValue, until: Date): Promise<TicketCoupon> {
  if (value.valueType === 'FULL') return { discountType: 'PERCENT', discountValue: 100_000 };
  if (value.valueType === 'PERCENT') return { discountType: 'PERCENT', discountValue: value.value * 1000 };
  if (value.valueType === 'AMOUNT') return { discountType: 'FIXED', discountValue: value.value };
  const entry = new Date(row.entry_time_utc);
  const freeUntil = new Date(Math.min(until.getTime(), entry.getTime() + value.value * HOUR_MS));
  return { discountType: 'FIXED', discountValue: (await priceTicket(db, row.location_id, entry, freeUntil)).boardCents };
}

/** The applied coupon's terms: a validation code counts only if this very ticket redeemed it. */
export async function appliedCouponTerms(db: Db, row: TicketRow, until: Date): Promise<TicketCoupon | undefined> {
  const code = row.promotion_code;
  if (!code) return undefined;
  if (VALIDATION_CODE_PATTERN.test(code)) {
    const [spent] = await db.query<{ value_type: ValidationValue['valueType']; value: number }>(
      'select value_type, value from validation_codes where code = $1 and redeemed_ticket_id = $2',
      [code, row.ticket_id],
    );
    if (spent) return validationTerms(db, row, { valueType: spent.value_type, value: spent.value }, until);
  }
  return (await findPromotion(db, code))?.terms;
}
