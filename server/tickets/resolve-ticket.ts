/**
 * `{locationOrTicketKey}` of the ticket service paths: a ticket number (23 digits or 6–7 letters
 * and digits, as scanned or typed) names the ticket; a location number (the 4-digit lot code) or
 * location id names the garage and the body's `ticketId` the ticket in it. Malformed keys are 400 with the
 * rule, unknown or someone else's tickets 404.
 * The key arrives decoded once by the router; it is not decoded again (a literal `%` in it is just
 * a bad key, never a 500).
 * Ticket ids are sequential, so they prove nothing: a location key with a `ticketId` reaches only a
 * ticket the caller owns (claimed by them, or staff). An unclaimed paper ticket is a bearer ticket
 * and is named by its number, which only its holder knows; a number is a guess, slowed per client
 * and overall (requireTicketByNumber, decision 0105).
 */
import { extractTicketNumber, isTicketNumber, TICKET_MESSAGES, TICKET_NUMBER_MAX_LENGTH } from '../../src/contract/tickets.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Caller } from '../parking-system/staff-key.ts';
import { requireTicketByNumber, requireVisibleTicketById, ticketNotFound } from '../parking-system/ticket-access.ts';
import type { TicketRow } from '../parking-system/ticket-store.ts';
import { TICKET_SERVICE_MESSAGES } from './messages.ts';

const LOCATION_KEY = /^\d{1,5}$/;

/** `clientKey` names the caller for the guess limits (their address). */
export async function resolveTicket(deps: { db: Db; now: () => Date }, clientKey: string, rawKey: string, ticketId: number | undefined, caller: Caller): Promise<TicketRow> {
  const { db } = deps;
  const key = extractTicketNumber(rawKey);
  if (isTicketNumber(key)) return requireTicketByNumber(deps, clientKey, key, caller);
  if (LOCATION_KEY.test(key)) {
    if (ticketId === undefined) throw new HttpError(400, TICKET_SERVICE_MESSAGES.ticketIdRequired);
    const row = await requireVisibleTicketById(db, ticketId, caller);
    const isOwned = caller.kind === 'staff' || row.customer_uid !== null;
    if (!isOwned || (row.location_number !== key && String(row.location_id) !== key)) throw ticketNotFound(String(ticketId));
    return row;
  }
  if (key.length > TICKET_NUMBER_MAX_LENGTH) throw new HttpError(400, TICKET_MESSAGES.qrTooLong);
  throw new HttpError(400, TICKET_SERVICE_MESSAGES.badKey);
}
