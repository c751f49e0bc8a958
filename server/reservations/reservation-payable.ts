/**
 * Reservations as a payable of the payments module (`reservation:<reservationId>`): the amount is
 * the reservation's own, fixed from the server's rate instance when it was created. Only the
 * owner can pay it. A confirmed (paid) reservation still resolves, so the payer's repeated
 * request (double click, reload, retry) meets its one succeeded payment instead of a conflict;
 * the payments module never takes a second one for the same payable.
 */
import { RESERVATION_MESSAGES } from '../../src/contract/reservations.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { registerPayable } from '../payments/payables.ts';
import { formatMoney } from '../rates/money.ts';
import { findReservation } from './queries.ts';
import { confirmReservation } from './reservation-service.ts';

export function registerReservationPayable(onConfirmed: (reservationId: number) => void): void {
  registerPayable('reservation', {
    async resolve(entityId, uid, { db, now }) {
      const reservationId = /^\d{1,9}$/.test(entityId) ? Number(entityId) : 0;
      const row = reservationId ? await findReservation(db, uid, reservationId) : undefined;
      if (!row) throw notFound('The reservation');
      const isPaidConfirmed = row.status === 'confirmed' && row.payment_id !== null;
      if (row.status !== 'pending' && !isPaidConfirmed) throw new HttpError(409, RESERVATION_MESSAGES.notPayable);
      if (row.status === 'pending' && new Date(row.entry_time_utc).getTime() <= now().getTime()) throw new HttpError(409, RESERVATION_MESSAGES.expiredRate);
      return { amountCents: row.amount_cents, description: `Reservation ${row.confirmation_number}, ${formatMoney(row.amount_cents)}` };
    },
    async onPaid(entityId, payment, { db, now }) {
      // Runs inside the payment's "succeeded" transaction: confirmed and paid commit together.
      if (await confirmReservation(db, Number(entityId), payment.paymentId, now())) onConfirmed(Number(entityId));
    },
  });
}
