/**
 * Reservations as a payable of the payments module (`reservation:<reservationId>`): the amount is
 * the reservation's own, fixed from the server's rate instance when it was created. Only the
 * owner can pay it. A confirmed (paid) reservation still resolves, so the payer's repeated
 * request (double click, reload, retry) meets its one succeeded payment instead of a conflict;
 * the payments module never takes a second one for the same payable.
 *
 * A browser payment can still complete after its pending reservation was cancelled (the card was
 * confirmed in the browser with a client secret handed out before the DELETE). That money is
 * owed back: the payment is attached to the cancelled reservation here, in the payment's own
 * transaction, and refunded once it commits (`onPaidAfterCancel`).
 *
 * A pending reservation is payable only while it holds its space (PENDING_HOLD_MINUTES from
 * creation, decision 0102); confirming re-checks the garage's spaces in the payment's transaction.
 */
import { RESERVATION_MESSAGES } from '../../src/contract/reservations.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { registerPayable } from '../payments/payables.ts';
import { formatMoney } from '../rates/money.ts';
import { findReservation } from './queries.ts';
import { isHolding } from './reservation-rules.ts';
import { attachLatePayment, confirmReservation } from './reservation-service.ts';

export type ReservationPaidHooks = {
  /** Confirmed by this payment (send the confirmation mail). */
  onConfirmed(reservationId: number): void;
  /** Paid after it was cancelled: refund it once the payment's transaction has committed. */
  onPaidAfterCancel(reservationId: number): void;
};

export function registerReservationPayable({ onConfirmed, onPaidAfterCancel }: ReservationPaidHooks): void {
  registerPayable('reservation', {
    async resolve(entityId, uid, { db, now }) {
      const reservationId = /^\d{1,9}$/.test(entityId) ? Number(entityId) : 0;
      const row = reservationId ? await findReservation(db, uid, reservationId) : undefined;
      if (!row) throw notFound('The reservation');
      const isPaidConfirmed = row.status === 'confirmed' && row.payment_id !== null;
      if (row.status !== 'pending' && !isPaidConfirmed) throw new HttpError(409, RESERVATION_MESSAGES.notPayable);
      if (row.status === 'pending' && new Date(row.entry_time_utc).getTime() <= now().getTime()) throw new HttpError(409, RESERVATION_MESSAGES.expiredRate);
      // Its space is no longer held (decision 0102): asking for the quote again re-holds it, if there is room.
      if (row.status === 'pending' && !isHolding(row, now())) throw new HttpError(409, RESERVATION_MESSAGES.holdExpired);
      return { amountCents: row.amount_cents, description: `Reservation ${row.confirmation_number}, ${formatMoney(row.amount_cents)}` };
    },
    async onPaid(entityId, payment, { db, now }) {
      // Runs inside the payment's "succeeded" transaction: confirmed and paid commit together.
      // The garage's spaces are checked again there, with the garage locked: a payment that ends
      // after the hold ran out and finds no room cancels the reservation and is refunded below.
      const reservationId = Number(entityId);
      if ((await confirmReservation(db, reservationId, payment.paymentId, now())) === 'confirmed') onConfirmed(reservationId);
      else if (await attachLatePayment(db, reservationId, payment.paymentId)) onPaidAfterCancel(reservationId);
    },
  });
}
