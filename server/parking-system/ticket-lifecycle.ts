/**
 * Opening and closing tickets, the two gate events. Opening enforces "a plate is on a lot once"
 * (checked first for the message, and by the partial unique indexes for races); closing refuses a
 * car that still owes money (see ticket-charges.ts for the grace period after payment).
 *
 * A plate proves nothing about whose car it is (anyone can add any plate as a vehicle), so "once"
 * is counted per opener (decision 0105): the gate's own entries (plate read, paper ticket, staff)
 * are the car the garage saw, one per plate per lot; each customer's activations are that
 * customer's, one per plate per lot per account. A customer's activation never blocks the gate's
 * entry for that car, nor another account's activation, and is never refused because of a ticket
 * that is not the caller's: the answer would tell a stranger that the car is parked there.
 */
import { PARKING_SYSTEM_MESSAGES } from '../../src/contract/parking-system.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { formatMoney } from '../rates/money.ts';
import { markPassConverted } from './pass-store.ts';
import { newGateTicketNumber } from './ticket-numbers.ts';
import { findTicketById, insertTicket, isUniqueViolation, recordEvent, syncVehicleTicketed, type NewTicket, type TicketRow } from './ticket-store.ts';
import { chargeTicket, type PricedTicket } from './ticket-view.ts';

/**
 * 409 when the opener already has this plate on this lot: for the gate, a gate ticket; for a
 * customer, a ticket of theirs (their activation, or a gate ticket they claimed), which they see
 * among their tickets anyway.
 */
async function refuseIfPlateOnLot(db: Db, locationId: number, plate: string | null, openedByUid: string | null): Promise<void> {
  if (!plate) return;
  const rows = await db.query(
    `select 1 from garage_tickets where location_id = $1 and license_plate = $2 and status <> 'exited'
       and (case when $3::text is null then opened_by_uid is null else (opened_by_uid = $3 or customer_uid = $3) end)`,
    [locationId, plate, openedByUid],
  );
  if (rows.length > 0) throw new HttpError(409, PARKING_SYSTEM_MESSAGES.plateOnLot(plate));
}

/**
 * Opens a ticket. `ticketNumber` null draws a gate ticket number (retried once on the
 * one-in-ten-million collision); `passId` converts that pass in the same transaction.
 */
export async function openTicket(
  db: Db,
  ticket: Omit<NewTicket, 'ticketNumber'> & { ticketNumber: string | null; locationNumber: string; passId?: number },
): Promise<TicketRow> {
  const openedByUid = ticket.openedByUid ?? null;
  await refuseIfPlateOnLot(db, ticket.locationId, ticket.licensePlate, openedByUid);
  for (let attempt = 0; ; attempt++) {
    try {
      const ticketId = await db.transaction(async (tx) => {
        const ticketNumber = ticket.ticketNumber ?? newGateTicketNumber(ticket.locationNumber, ticket.entry);
        const id = await insertTicket(tx, { ...ticket, ticketNumber });
        if (ticket.passId !== undefined && !(await markPassConverted(tx, ticket.passId, id, ticket.now))) {
          throw new HttpError(409, PARKING_SYSTEM_MESSAGES.passConverted);
        }
        return id;
      });
      await syncVehicleTicketed(db, ticket.licensePlate);
      const row = await findTicketById(db, ticketId);
      if (!row) throw new Error(`ticket ${ticketId} vanished after insert`);
      return row;
    } catch (error: unknown) {
      if (!isUniqueViolation(error)) throw error;
      await refuseIfPlateOnLot(db, ticket.locationId, ticket.licensePlate, openedByUid);
      if (ticket.ticketNumber !== null || attempt > 0) throw new HttpError(409, PARKING_SYSTEM_MESSAGES.passConverted);
    }
  }
}

/** Closes a ticket at `exitTime` when nothing is due then; the ticket is priced at that instant. */
export async function exitTicket(db: Db, row: TicketRow, exitTime: Date): Promise<PricedTicket> {
  if (row.status === 'exited') throw new HttpError(409, PARKING_SYSTEM_MESSAGES.alreadyExited);
  if (exitTime.getTime() < new Date(row.entry_time_utc).getTime()) throw new HttpError(400, 'exitTime must not be before the entry time of the ticket.');
  const priced = await chargeTicket(db, row, exitTime);
  if (priced.charges.amountDueCents > 0) throw new HttpError(409, PARKING_SYSTEM_MESSAGES.balanceDue(formatMoney(priced.charges.amountDueCents)));
  const closed = await db.transaction(async (tx) => {
    const updated = await tx.query(
      "update garage_tickets set status = 'exited', exit_time_utc = $2 where ticket_id = $1 and status <> 'exited' returning ticket_id",
      [row.ticket_id, exitTime.toISOString()],
    );
    if (updated.length === 0) return false;
    await recordEvent(tx, row.ticket_id, 'exit', exitTime);
    // The car has left: whatever call was waiting is done.
    await tx.query('update car_calls set delivered_at = $2 where ticket_id = $1 and delivered_at is null', [row.ticket_id, exitTime.toISOString()]);
    return true;
  });
  if (!closed) throw new HttpError(409, PARKING_SYSTEM_MESSAGES.alreadyExited);
  await syncVehicleTicketed(db, row.license_plate);
  const after = await findTicketById(db, row.ticket_id);
  return after ? { ...priced, row: after } : priced;
}

/**
 * A payment taken by the garage itself (pay-on-foot station, cashier): staff only, for exactly
 * the amount due now, so the books always match the ticket. Card payments in the app go through
 * /payments/api instead (tickets/ticket-payable.ts).
 */
export async function payAtStation(db: Db, row: TicketRow, amountCents: number, now: Date): Promise<PricedTicket> {
  if (row.status === 'exited') throw new HttpError(409, PARKING_SYSTEM_MESSAGES.alreadyExited);
  const priced = await chargeTicket(db, row, now);
  const due = priced.charges.amountDueCents;
  if (due === 0) throw new HttpError(409, 'There is nothing to pay on this ticket.');
  if (amountCents !== due) throw new HttpError(409, `The amount due on this ticket is ${formatMoney(due)}.`);
  await db.transaction(async (tx) => {
    await tx.query(
      "update garage_tickets set amount_paid_cents = amount_paid_cents + $2, paid_at = $3, status = 'paid' where ticket_id = $1",
      [row.ticket_id, amountCents, now.toISOString()],
    );
    await recordEvent(tx, row.ticket_id, 'payment', now, { amountCents, details: { method: 'pay-station' } });
  });
  const after = await findTicketById(db, row.ticket_id);
  return chargeTicket(db, after ?? row, now);
}
