/** A priced ticket as the spec's retrieve-car session (spec 3 §3), amounts in dollars. */
import { ticketPaymentEntityId, type AggregatorReservation, type RetrieveCarSession } from '../../src/contract/tickets.ts';
import type { PricedTicket } from '../parking-system/ticket-view.ts';
import { toDollars } from '../rates/money.ts';

export type SessionExtras = {
  promotionCode?: string | null;
  reservationNumber?: string;
  /** The reservation a price was checked with, so the driver can be told it expired or where it belongs. */
  reservation?: AggregatorReservation;
  /** The plate check of plate-check.ts for this caller and request. */
  isPlateMismatch?: boolean;
};

export function toRetrieveCarSession({ row, charges, minutes, isMinimumCharge, exitBy }: PricedTicket, extras: SessionExtras = {}): RetrieveCarSession {
  const appliedPromotionCode = extras.promotionCode !== undefined ? extras.promotionCode : row.promotion_code;
  return {
    ticketId: row.ticket_id,
    address1: row.address1,
    crossStreet: row.cross_street,
    ticketNumber: row.ticket_number,
    amountDue: toDollars(charges.amountDueCents),
    amount: toDollars(charges.amountCents),
    minutes,
    serviceFeeAmount: toDollars(charges.serviceFeeCents),
    locationNumber: row.location_number,
    reservationNumber: extras.reservationNumber ?? row.reservation_number,
    isMonthlyTicket: row.is_monthly,
    appliedPromotionCode,
    isFullyCoveredByCoupon: charges.isFullyCoveredByCoupon,
    isUserAtLocation: row.user_arrived_at !== null && row.status !== 'exited',
    amountPaid: toDollars(charges.amountPaidCents),
    reservationCredit: toDollars(charges.reservationCreditCents),
    status: row.status,
    isCarCalled: row.is_car_called,
    ...(charges.reservationFit ? { reservationFit: charges.reservationFit } : {}),
    ...(extras.reservation ? { reservation: extras.reservation } : {}),
    isPlateMismatch: extras.isPlateMismatch ?? false,
    isAuditReview: row.audit_review_reason !== null,
    isMinimumCharge,
    exitBy: exitBy ? exitBy.toISOString() : null,
    paymentEntityId: ticketPaymentEntityId(row.ticket_number, row.payment_count + 1),
    locationId: row.location_id,
    entryTimeUtc: new Date(row.entry_time_utc).toISOString(),
  };
}
