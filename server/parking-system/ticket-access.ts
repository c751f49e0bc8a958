/**
 * Who may see and act on a ticket.
 * - Garage staff (staff key): every ticket.
 * - A ticket nobody has claimed (a paper gate ticket) is a bearer ticket: whoever holds its
 *   number may look it up, call the car and pay, signed in or not (spec 3 §6: retrieve-car and
 *   pay-for-parking entry are anonymous). Paying or activating it signed in claims it.
 * - A claimed ticket (customer_uid set) belongs to that customer only: anyone else, anonymous
 *   callers included, gets the same 404 as for a number that does not exist, so ticket numbers
 *   of other customers cannot be probed.
 * - A number typed or scanned by anyone but staff is a guess (requireTicketByNumber): wrong ones
 *   are slowed per client and overall (server/lib/guess-limit.ts, decision 0105), except a
 *   customer naming a ticket they claimed, which nobody else can see anyway.
 */
import type { Db } from '../db/client.ts';
import { guessing, type GuessRule } from '../lib/guess-limit.ts';
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

/**
 * Ticket numbers (23 digits with 7 random ones, or 7 letters and digits): a driver scans or types
 * one, mistypes it a few times at worst, and the screens of one stay read it a few dozen times.
 */
export const TICKET_NUMBER_GUESSES: GuessRule = {
  family: 'ticket-number',
  windowSeconds: 600,
  missesPerClient: 10,
  missesOverall: 300,
  lookupsPerClient: 600,
  message: 'Too many ticket numbers were tried. Please check the number on your ticket and try again in a few minutes, or see the attendant.',
};

type GuessDeps = { db: Db; now: () => Date };

/** The ticket `caller` names by its number, counted as a guess by `clientKey` (see above). */
export async function requireTicketByNumber(deps: GuessDeps, clientKey: string, ticketNumber: string, caller: Caller): Promise<TicketRow> {
  if (caller.kind === 'staff') return requireVisibleTicket(deps.db, ticketNumber, caller);
  if (caller.kind === 'anonymous') return guessing(deps, TICKET_NUMBER_GUESSES, clientKey, () => requireVisibleTicket(deps.db, ticketNumber, caller));
  const row = await findTicketByNumber(deps.db, ticketNumber);
  if (row?.customer_uid === caller.user.uid) return row;
  // The lookup ran already, but its answer is given only if the guess is allowed.
  return guessing(deps, TICKET_NUMBER_GUESSES, clientKey, async () => {
    if (!row || !canSeeTicket(row, caller)) throw ticketNotFound(ticketNumber);
    return row;
  });
}
