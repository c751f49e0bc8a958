/**
 * Who may see and act on a ticket.
 * - Garage staff (staff key): every ticket.
 * - A ticket nobody has claimed (a paper gate ticket) is a bearer ticket: whoever holds its
 *   number may look it up, call the car and pay, signed in or not (spec 3 §6: retrieve-car and
 *   pay-for-parking entry are anonymous). Paying or activating it signed in claims it.
 * - A claimed ticket (customer_uid set) belongs to that customer only: anyone else, anonymous
 *   callers included, gets the same 404 as for a number that does not exist, so ticket numbers
 *   of other customers cannot be probed.
 */
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Caller } from './staff-key.ts';
import { findTicketById, findTicketByNumber, type TicketRow } from './ticket-store.ts';

export const ticketNotFound = (ticketNumber: string) => new HttpError(404, `Ticket ${ticketNumber} was not found.`);

export function canSeeTicket(row: TicketRow, caller: Caller): boolean {
  if (caller.kind === 'staff' || row.customer_uid === null) return true;
  return caller.kind === 'customer' && caller.user.uid === row.customer_uid;
}

export async function requireVisibleTicket(db: Db, ticketNumber: string, caller: Caller): Promise<TicketRow> {
  const row = await findTicketByNumber(db, ticketNumber);
  if (!row || !canSeeTicket(row, caller)) throw ticketNotFound(ticketNumber);
  return row;
}

export async function requireVisibleTicketById(db: Db, ticketId: number, caller: Caller): Promise<TicketRow> {
  const row = await findTicketById(db, ticketId);
  if (!row || !canSeeTicket(row, caller)) throw ticketNotFound(String(ticketId));
  return row;
}
