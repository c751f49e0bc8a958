/** What the ticket service tells the driver when it refuses; the client shows these as they are. */
import { formatMoney } from '../rates/money.ts';

export const TICKET_SERVICE_MESSAGES = {
  alreadyPaid: 'This ticket has already been paid.',
  nothingDue: 'There is nothing to pay on this ticket.',
  exited: 'This car has already left the garage.',
  balanceDue: (cents: number) => `A balance of ${formatMoney(cents)} is due on this ticket. Please pay it by card before applying the payment.`,
  ticketIdRequired: 'ticketId is required when the path names a location instead of a ticket.',
  wrongLocation: (ticketId: number, key: string) => `Ticket ${ticketId} is not at location ${key}.`,
  badKey: 'The path must name a ticket (23 digits, or 6 to 7 letters and digits) or a location number.',
  reservationRedeemed: (number: string) => `Reservation ${number} has already been redeemed.`,
  reservationElsewhere: (number: string) => `Reservation ${number} is not valid at this location.`,
  reservationAlreadyApplied: 'A reservation has already been applied to this ticket.',
  couponOnPaidTicket: 'A coupon cannot be changed on a ticket that has already been paid.',
  couponNotApplied: (code: string) => `The coupon code ${code} is not applied to this ticket.`,
  couponAlreadyApplied: (code: string) => `The coupon code ${code} is already applied to this ticket. Remove it to use another one.`,
  plateOnPaidTicket: 'The license plate cannot be changed on a ticket that has already been paid.',
  plateOnMonthlyTicket: 'A monthly ticket has nothing to pay, so there is no plate to confirm.',
  balanceAlreadyPaid: 'This balance has already been paid.',
  stalePayment: 'The amount due on this ticket has changed. Please review it and pay again.',
} as const;
