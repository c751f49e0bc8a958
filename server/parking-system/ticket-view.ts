/**
 * A ticket row priced now and shaped for the API: the garage system's ticket and rate
 * (src/contract/parking-system.ts). The ticket service builds its retrieve-car session on the
 * same `chargeTicket`, so both always agree on what is due.
 */
import { Temporal } from 'temporal-polyfill';
import type { GarageTicket, TicketRate } from '../../src/contract/parking-system.ts';
import type { Db } from '../db/client.ts';
import { toDollars } from '../rates/money.ts';
import { calculateTicketCharges, paidExitDeadline, pricedUntil, pricingBasisFor, reservationFit, type ReservationWindow, type TicketCharges } from './ticket-charges.ts';
import { minutesBetween, ticketPricerFor, type TicketCoupon } from './ticket-pricing.ts';
import type { TicketRow } from './ticket-store.ts';
import { appliedCouponTerms } from '../validations/ticket-terms.ts';

export type PricedTicket = {
  row: TicketRow;
  charges: TicketCharges;
  minutes: number;
  until: Date;
  /** Priced at the garage's minimum rate (audit review) rather than the time parked. */
  isMinimumCharge: boolean;
  /** End of the grace period after the last payment, while it runs. */
  exitBy: Date | null;
};

export type ChargeOverrides = {
  /** Price with this coupon instead of the applied one (coupon calculate-rate); null prices without any. */
  coupon?: { code: string; terms: TicketCoupon } | null;
  /** Price as if this reservation were redeemed (calculate-aggregator-payment). */
  reservation?: ReservationWindow;
};

function storedReservation(row: TicketRow): ReservationWindow | undefined {
  if (row.reservation_id === null || !row.reservation_check_in || !row.reservation_check_out) return undefined;
  return { locationId: row.reservation_location_id ?? 0, checkIn: row.reservation_check_in, checkOut: row.reservation_check_out, rateCents: row.reservation_rate_cents ?? 0 };
}

const ticketTimes = (row: TicketRow) => ({ entry: new Date(row.entry_time_utc), exit: row.exit_time_utc && new Date(row.exit_time_utc), paidAt: row.paid_at && new Date(row.paid_at), isMonthly: row.is_monthly });

/** The end of the time the ticket is priced for now (see pricedUntil). */
export const ticketPricedUntil = (row: TicketRow, now: Date): Date => pricedUntil(ticketTimes(row), now);

export async function chargeTicket(db: Db, row: TicketRow, now: Date, overrides: ChargeOverrides = {}): Promise<PricedTicket> {
  const times = ticketTimes(row);
  const { entry } = times;
  const until = pricedUntil(times, now);
  const basis = pricingBasisFor({ auditReviewReason: row.audit_review_reason });
  let coupon: TicketCoupon | undefined;
  if (overrides.coupon !== undefined) coupon = overrides.coupon?.terms;
  else coupon = await appliedCouponTerms(db, row, until);
  const price = await ticketPricerFor(db)(row.location_id, entry, until, coupon, basis);
  const window = overrides.reservation ?? storedReservation(row);
  const charges = calculateTicketCharges({
    price,
    isMonthly: row.is_monthly,
    hasCoupon: coupon !== undefined,
    amountPaidCents: row.amount_paid_cents,
    reservation: window && { fit: reservationFit(window, { locationId: row.location_id, entry }, until), rateCents: window.rateCents },
  });
  return { row, charges, minutes: minutesBetween(entry, until), until, isMinimumCharge: basis === 'minimum' && !row.is_monthly, exitBy: paidExitDeadline(times, now) };
}

/** New York wall-clock time without an offset, e.g. "2026-11-23T14:00:00". */
export function toNewYorkLocalTime(instant: Date): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO('America/New_York').toPlainDateTime().toString({ smallestUnit: 'second' });
}

export function toGarageTicket({ row, charges, minutes, isMinimumCharge, exitBy }: PricedTicket): GarageTicket {
  const entry = new Date(row.entry_time_utc);
  return {
    id: row.ticket_id,
    ticketNumber: row.ticket_number,
    locationId: row.location_id,
    locationNumber: row.location_number,
    address1: row.address1,
    entryTimeUtc: entry.toISOString(),
    entryTime: { utcTime: entry.toISOString(), localTime: toNewYorkLocalTime(entry) },
    exitTimeUtc: row.exit_time_utc ? new Date(row.exit_time_utc).toISOString() : null,
    status: row.status,
    isMonthly: row.is_monthly,
    vehicle: { licensePlate: row.license_plate },
    minutes,
    amount: toDollars(charges.amountCents),
    serviceFeeAmount: toDollars(charges.serviceFeeCents),
    amountDue: toDollars(charges.amountDueCents),
    amountPaid: toDollars(charges.amountPaidCents),
    exitByUtc: exitBy ? exitBy.toISOString() : null,
    isMinimumCharge,
  };
}

export function toTicketRate({ row, charges, minutes }: PricedTicket): TicketRate {
  return {
    ticketNumber: row.ticket_number,
    locationId: row.location_id,
    entryTime: new Date(row.entry_time_utc).toISOString(),
    minutes,
    amount: toDollars(charges.amountCents),
    tax: toDollars(charges.taxCents),
    serviceFeeAmount: toDollars(charges.serviceFeeCents),
    amountDue: toDollars(charges.amountDueCents),
    amountPaid: toDollars(charges.amountPaidCents),
  };
}
