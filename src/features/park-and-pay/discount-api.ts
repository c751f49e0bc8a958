/**
 * Scan Discount's one call (spec 3 §7 "Ticket service"): POST
 * /tickets/api/tickets/{ticketNumber}/coupons/{code}/auth applies the coupon to the driver's own
 * ticket (the server checks the caller owns it and the coupon is usable at that garage) and
 * answers the ticket priced with it.
 */
import { retrieveCarSessionSchema } from '../../contract/tickets';
import { apiFetch } from '../../lib/api-client';

export function applyDiscount(ticketNumber: string, code: string) {
  return apiFetch(`/tickets/api/tickets/${encodeURIComponent(ticketNumber)}/coupons/${encodeURIComponent(code)}/auth`, {
    method: 'POST',
    json: {},
    schema: retrieveCarSessionSchema,
  });
}
