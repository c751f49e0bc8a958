/** A priced ticket as the spec's retrieve-car session (spec 3 §3), amounts in dollars. */
import type { RetrieveCarSession } from '../../src/contract/tickets.ts';
import type { PricedTicket } from '../parking-system/ticket-view.ts';
import { toDollars } from '../rates/money.ts';

export function toRetrieveCarSession(
  { row, charges, minutes }: PricedTicket,
  preview: { promotionCode?: string | null; reservationNumber?: string } = {},
): RetrieveCarSession {
  const appliedPromotionCode = preview.promotionCode !== undefined ? preview.promotionCode : row.promotion_code;
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
    reservationNumber: preview.reservationNumber ?? row.reservation_number,
    isMonthlyTicket: row.is_monthly,
    appliedPromotionCode,
    isFullyCoveredByCoupon: charges.isFullyCoveredByCoupon,
    isUserAtLocation: row.user_arrived_at !== null && row.status !== 'exited',
    amountPaid: toDollars(charges.amountPaidCents),
    status: row.status,
    isCarCalled: row.is_car_called,
    ...(charges.reservationFit ? { reservationFit: charges.reservationFit } : {}),
  };
}
