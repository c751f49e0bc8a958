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

/** Adds a settled payment to the ticket once; false when this payment was already recorded. */
export async function recordTicketPayment(db: Db, ticketId: number, payment: { paymentId: number; uid: string; amountCents: number }, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into ticket_events (ticket_id, kind, occurred_at, amount_cents, payment_id, details)
       values ($1, 'payment', $2, $3, $4, $5) on conflict (payment_id) do nothing returning event_id`,
      [ticketId, now.toISOString(), payment.amountCents, payment.paymentId, JSON.stringify({ uid: payment.uid })],
    );
    if (inserted.length === 0) return false;
    await tx.query(
      `update garage_tickets set amount_paid_cents = amount_paid_cents + $2, paid_at = $3,
         status = case when status = 'exited' then status else 'paid' end,
         customer_uid = coalesce(customer_uid, $4)
       where ticket_id = $1`,
      // A guest payer (guest-payment.ts) is no account: the ticket stays an unclaimed paper ticket.
      [ticketId, payment.amountCents, now.toISOString(), isGuestUid(payment.uid) ? null : payment.uid],
    );
    return true;
  });
}

/** Records succeeded card payments the payments hook has not recorded yet (a crash between the two). */
export async function catchUpCardPayment(db: Db, row: TicketRow, now: Date): Promise<boolean> {
  let isRecorded = false;
  for (const payment of await listSucceededPayments(db, ticketEntityId(row.ticket_number))) {
    const payer = { paymentId: payment.payment_id, uid: payment.owner_uid, amountCents: payment.amount_cents };
    if (await recordTicketPayment(db, row.ticket_id, payer, now)) isRecorded = true;
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
      const row = parsed && (await findTicketByNumber(db, parsed.ticketNumber));
      if (!row) return;
      // Paying claims the ticket: the payer's vehicle of that plate now shows it (ticket-store.ts).
      if (await recordTicketPayment(db, row.ticket_id, payment, now())) await syncVehicleTicketed(db, row.license_plate);
    },
  });
}
