/**
 * Tickets as a payable of the payments module: the amount is what is due now, computed here from
 * the garage system, never sent by the client. Each balance is its own payable
 * (`ticket:<number>` for the first payment, `ticket:<number>.2` for what a driver owes after
 * overstaying the grace period, …; src/contract/tickets.ts `ticketPaymentEntityId`), so a second,
 * different payment goes through while the same balance can never be charged twice (the payments
 * module allows one success per payable, and a balance already paid resolves to 409 here).
 * A settled card payment is recorded on the ticket exactly once (keyed by the payment id), so
 * the payments hook and the ticket service's apply-payment can both run it safely.
 */
import { isTicketNumber, parseTicketPaymentId, ticketPaymentEntityId } from '../../src/contract/tickets.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { requireTicketByNumber, ticketNotFound } from '../parking-system/ticket-access.ts';
import { findTicketByNumber, syncVehicleTicketed, type TicketRow } from '../parking-system/ticket-store.ts';
import { chargeTicket } from '../parking-system/ticket-view.ts';
import { registerPayable } from '../payments/payables.ts';
import { listSucceededPayments } from '../payments/payment-store.ts';
import { isGuestUid } from './guest-payment.ts';
import { TICKET_SERVICE_MESSAGES } from './messages.ts';

export const ticketEntityId = (ticketNumber: string) => ticketPaymentEntityId(ticketNumber, 1);

type Payer = { paymentId: number; uid: string; amountCents: number };

/**
 * Adds a settled payment to the ticket once, in one statement: the payment's event (unique per
 * payment id) and the ticket's paid amount. Answers the ticket's plate when it recorded the
 * payment; undefined when this payment was already recorded (or there is no such ticket).
 */
async function recordPayment(db: Db, ticket: { ticketId: number } | { ticketNumber: string }, payment: Payer, now: Date): Promise<{ plate: string | null } | undefined> {
  const [row] = await db.query<{ license_plate: string | null }>(
    `with event as (
       insert into ticket_events (ticket_id, kind, occurred_at, amount_cents, payment_id, details)
       select ticket_id, 'payment', $2::timestamptz, $3::integer, $4::integer, $5::jsonb from garage_tickets where ${'ticketId' in ticket ? 'ticket_id' : 'ticket_number'} = $1
       on conflict (payment_id) do nothing returning ticket_id)
     update garage_tickets t set amount_paid_cents = t.amount_paid_cents + $3, paid_at = $2,
       status = case when t.status = 'exited' then t.status else 'paid' end,
       customer_uid = coalesce(t.customer_uid, $6)
     from event where t.ticket_id = event.ticket_id
     returning t.license_plate`,
    // A guest payer (guest-payment.ts) is no account: the ticket stays an unclaimed paper ticket.
    [
      'ticketId' in ticket ? ticket.ticketId : ticket.ticketNumber, now.toISOString(), payment.amountCents, payment.paymentId, JSON.stringify({ uid: payment.uid }),
      isGuestUid(payment.uid) ? null : payment.uid,
    ],
  );
  return row && { plate: row.license_plate };
}

/** Records succeeded card payments the payments hook has not recorded yet (a crash between the two). */
export async function catchUpCardPayment(db: Db, row: TicketRow, now: Date): Promise<boolean> {
  let isRecorded = false;
  for (const payment of await listSucceededPayments(db, ticketEntityId(row.ticket_number))) {
    const payer = { paymentId: payment.payment_id, uid: payment.owner_uid, amountCents: payment.amount_cents };
    if (await recordPayment(db, { ticketId: row.ticket_id }, payer, now)) isRecorded = true;
  }
  return isRecorded;
}

export function registerTicketPayable(): void {
  registerPayable('ticket', {
    async resolve(entityId, uid, { db, now }) {
      const parsed = parseTicketPaymentId(entityId);
      if (!parsed || !isTicketNumber(parsed.ticketNumber)) throw ticketNotFound(parsed?.ticketNumber ?? entityId);
      // Naming a ticket to pay is a guess at its number like any other, counted per account here.
      const caller = { kind: 'customer', user: { uid, email: undefined, phoneNumber: undefined } } as const;
      const found = await requireTicketByNumber({ db, now }, `account:${uid}`, parsed.ticketNumber, caller);
      if (found.status === 'exited') throw new HttpError(409, TICKET_SERVICE_MESSAGES.exited);
      const row = (await catchUpCardPayment(db, found, now())) ? ((await findTicketByNumber(db, parsed.ticketNumber)) ?? found) : found;
      // Payment n pays the balance after n − 1 recorded payments: an earlier number is a balance
      // already paid, a later one a screen that missed a payment.
      const expected = row.payment_count + 1;
      if (parsed.paymentNumber < expected) throw new HttpError(409, parsed.paymentNumber === 1 ? TICKET_SERVICE_MESSAGES.alreadyPaid : TICKET_SERVICE_MESSAGES.balanceAlreadyPaid);
      if (parsed.paymentNumber > expected) throw new HttpError(409, TICKET_SERVICE_MESSAGES.stalePayment);
      const { charges } = await chargeTicket(db, row, now());
      if (charges.amountDueCents === 0) throw new HttpError(409, row.status === 'paid' ? TICKET_SERVICE_MESSAGES.alreadyPaid : TICKET_SERVICE_MESSAGES.nothingDue);
      const what = parsed.paymentNumber === 1 ? 'Parking ticket' : `Additional time (payment ${parsed.paymentNumber}) on parking ticket`;
      return { amountCents: charges.amountDueCents, description: `${what} ${row.ticket_number} at ${row.address1}` };
    },
    async onPaid(entityId, payment, { db, now }) {
      const parsed = parseTicketPaymentId(entityId);
      if (!parsed) return;
      const recorded = await recordPayment(db, { ticketNumber: parsed.ticketNumber }, payment, now());
      // Paying claims the ticket: the payer's vehicle of that plate now shows it (ticket-store.ts).
      if (recorded) await syncVehicleTicketed(db, recorded.plate);
    },
  });
}
