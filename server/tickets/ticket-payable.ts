/**
 * Tickets as a payable of the payments module (`systemEntityId: "ticket:<ticketNumber>"`): the
 * amount is what is due now, computed here from the garage system, never sent by the client. A
 * settled card payment is recorded on the ticket exactly once (keyed by the payment id), so the
 * payments hook and the ticket service's apply-payment can both run it safely.
 */
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { ticketNotFound, canSeeTicket } from '../parking-system/ticket-access.ts';
import { findTicketByNumber, type TicketRow } from '../parking-system/ticket-store.ts';
import { chargeTicket } from '../parking-system/ticket-view.ts';
import { findSucceededPayment } from '../payments/payment-store.ts';
import { registerPayable } from '../payments/payables.ts';
import { isTicketNumber } from '../../src/contract/tickets.ts';
import { TICKET_SERVICE_MESSAGES } from './messages.ts';

export const ticketEntityId = (ticketNumber: string) => `ticket:${ticketNumber}`;

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
      [ticketId, payment.amountCents, now.toISOString(), payment.uid],
    );
    return true;
  });
}

/** Records a succeeded card payment the payments hook has not recorded yet (a crash between the two). */
export async function catchUpCardPayment(db: Db, row: TicketRow, now: Date): Promise<boolean> {
  const payment = await findSucceededPayment(db, ticketEntityId(row.ticket_number));
  if (!payment) return false;
  return recordTicketPayment(db, row.ticket_id, { paymentId: payment.payment_id, uid: payment.owner_uid, amountCents: payment.amount_cents }, now);
}

export function registerTicketPayable(): void {
  registerPayable('ticket', {
    async resolve(ticketNumber, uid, { db, now }) {
      const row = isTicketNumber(ticketNumber) ? await findTicketByNumber(db, ticketNumber) : undefined;
      if (!row || !canSeeTicket(row, { kind: 'customer', user: { uid, email: undefined, phoneNumber: undefined } })) throw ticketNotFound(ticketNumber);
      if (row.status === 'exited') throw new HttpError(409, TICKET_SERVICE_MESSAGES.exited);
      const { charges } = await chargeTicket(db, row, now());
      if (charges.amountDueCents === 0) throw new HttpError(409, row.status === 'paid' ? TICKET_SERVICE_MESSAGES.alreadyPaid : TICKET_SERVICE_MESSAGES.nothingDue);
      return { amountCents: charges.amountDueCents, description: `Parking ticket ${row.ticket_number} at ${row.address1}` };
    },
    async onPaid(ticketNumber, payment, { db, now }) {
      const row = await findTicketByNumber(db, ticketNumber);
      if (row) await recordTicketPayment(db, row.ticket_id, payment, now());
    },
  });
}
