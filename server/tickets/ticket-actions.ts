/**
 * What the ticket service does to a ticket, each returning the ticket priced afterwards. Writes
 * are conditional updates (status and column checks in the WHERE clause), so two clicks or two
 * API processes cannot apply a coupon to a paid ticket or redeem one reservation twice.
 * A ticket whose balance reaches zero through a coupon or a reservation is settled ("paid",
 * recorded as a validation event) so the exit gate treats it like a paid ticket.
 */
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { findTicketById, isUniqueViolation, recordEvent, type TicketRow } from '../parking-system/ticket-store.ts';
import { chargeTicket, type PricedTicket } from '../parking-system/ticket-view.ts';
import { type ReservationRow, toReservationWindow } from './aggregator-store.ts';
import { TICKET_SERVICE_MESSAGES } from './messages.ts';
import { catchUpCardPayment } from './ticket-payable.ts';

async function reload(db: Db, row: TicketRow): Promise<TicketRow> {
  return (await findTicketById(db, row.ticket_id)) ?? row;
}

export function refuseIfExited(row: TicketRow): void {
  if (row.status === 'exited') throw new HttpError(409, TICKET_SERVICE_MESSAGES.exited);
}

/** Puts the car in the attendant's queue once; calling again while it waits changes nothing. */
export async function callCar(db: Db, row: TicketRow, now: Date): Promise<TicketRow> {
  refuseIfExited(row);
  await db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into car_calls (ticket_id, location_id, called_at) values ($1, $2, $3)
       on conflict (ticket_id) where delivered_at is null do nothing returning call_id`,
      [row.ticket_id, row.location_id, now.toISOString()],
    );
    if (inserted.length > 0) await recordEvent(tx, row.ticket_id, 'call-car', now);
  });
  return reload(db, row);
}

export async function reportArrival(db: Db, row: TicketRow, now: Date): Promise<TicketRow> {
  refuseIfExited(row);
  await db.query('update garage_tickets set user_arrived_at = $2 where ticket_id = $1', [row.ticket_id, now.toISOString()]);
  await recordEvent(db, row.ticket_id, 'arrival', now);
  return reload(db, row);
}

/**
 * confirm-plate: the driver goes on with a plate that matched no car on this ticket (the "Continue"
 * after the plate mismatch warning). The ticket is flagged for an audit review, which prices it at
 * the garage's minimum rate (ticket-charges.ts) and puts it in the audit queue. Only an open ticket
 * with nothing paid yet can be flagged, so a paid balance never changes after the fact; a plate
 * that matches, or a ticket already under review, changes nothing.
 */
export async function confirmPlate(db: Db, row: TicketRow, plate: string, now: Date): Promise<TicketRow> {
  refuseIfExited(row);
  if (row.license_plate === plate || row.audit_review_reason !== null) return row;
  if (row.is_monthly) throw new HttpError(409, TICKET_SERVICE_MESSAGES.plateOnMonthlyTicket);
  const flagged = await db.transaction(async (tx) => {
    const updated = await tx.query(
      `update garage_tickets set audit_review_reason = 'unmatched-plate', audit_reported_plate = $2, audit_flagged_at = $3
       where ticket_id = $1 and audit_review_reason is null and status = 'open' and amount_paid_cents = 0 returning ticket_id`,
      [row.ticket_id, plate, now.toISOString()],
    );
    if (updated.length === 0) return false;
    await recordEvent(tx, row.ticket_id, 'audit', now, { details: { reason: 'unmatched-plate', enteredPlate: plate, recordedPlate: row.license_plate } });
    return true;
  });
  if (!flagged) {
    const current = await reload(db, row);
    if (current.audit_review_reason === null) throw new HttpError(409, TICKET_SERVICE_MESSAGES.plateOnPaidTicket);
    return current;
  }
  return reload(db, row);
}

/** Marks an open ticket with nothing left to pay as settled. */
async function settleIfNothingDue(db: Db, priced: PricedTicket, now: Date, reason: string): Promise<TicketRow> {
  if (priced.row.status !== 'open' || priced.charges.amountDueCents > 0) return priced.row;
  const updated = await db.query("update garage_tickets set status = 'paid', paid_at = $2 where ticket_id = $1 and status = 'open' returning ticket_id", [priced.row.ticket_id, now.toISOString()]);
  if (updated.length > 0) await recordEvent(db, priced.row.ticket_id, 'validation', now, { amountCents: 0, details: { reason } });
  return reload(db, priced.row);
}

/**
 * Sets the ticket's coupon. `claim` spends a merchant validation code (server/validations) in the
 * same transaction, so a code is spent only when the ticket takes it, and once.
 */
export async function applyCoupon(db: Db, row: TicketRow, code: string, now: Date, options: { isRedeem: boolean; claim?: ((tx: Db) => Promise<void>) | undefined }): Promise<TicketRow> {
  refuseIfExited(row);
  if (row.promotion_code !== code) {
    if (row.promotion_code !== null) throw new HttpError(409, TICKET_SERVICE_MESSAGES.couponAlreadyApplied(row.promotion_code));
    await db.transaction(async (tx) => {
      await options.claim?.(tx);
      const updated = await tx.query(
        "update garage_tickets set promotion_code = $2 where ticket_id = $1 and status = 'open' and promotion_code is null returning ticket_id",
        [row.ticket_id, code],
      );
      if (updated.length === 0) throw new HttpError(409, TICKET_SERVICE_MESSAGES.couponOnPaidTicket);
      await recordEvent(tx, row.ticket_id, 'coupon', now, { details: { code, action: 'apply' } });
    });
  }
  const after = await reload(db, row);
  if (!options.isRedeem) return after;
  return settleIfNothingDue(db, await chargeTicket(db, after, now), now, `coupon ${code}`);
}

export async function removeCoupon(db: Db, row: TicketRow, code: string, now: Date): Promise<TicketRow> {
  refuseIfExited(row);
  if (row.promotion_code !== code) throw new HttpError(404, TICKET_SERVICE_MESSAGES.couponNotApplied(code));
  const updated = await db.query(
    "update garage_tickets set promotion_code = null where ticket_id = $1 and status = 'open' and promotion_code = $2 returning ticket_id",
    [row.ticket_id, code],
  );
  if (updated.length === 0) throw new HttpError(409, TICKET_SERVICE_MESSAGES.couponOnPaidTicket);
  await recordEvent(db, row.ticket_id, 'coupon', now, { details: { code, action: 'remove' } });
  return reload(db, row);
}

/** Why this reservation cannot be redeemed on this ticket, checked before previewing or applying. */
export function refuseReservation(row: TicketRow, reservation: ReservationRow): void {
  refuseIfExited(row);
  if (reservation.redeemed_ticket_id !== null && reservation.redeemed_ticket_id !== row.ticket_id) {
    throw new HttpError(409, TICKET_SERVICE_MESSAGES.reservationRedeemed(reservation.reservation_number));
  }
  if (row.reservation_id !== null && row.reservation_id !== reservation.reservation_id) throw new HttpError(409, TICKET_SERVICE_MESSAGES.reservationAlreadyApplied);
}

export async function previewReservation(db: Db, row: TicketRow, reservation: ReservationRow, now: Date): Promise<PricedTicket> {
  refuseReservation(row, reservation);
  return chargeTicket(db, row, now, { reservation: toReservationWindow(reservation) });
}

export async function redeemReservation(db: Db, row: TicketRow, reservation: ReservationRow, now: Date): Promise<TicketRow> {
  const preview = await previewReservation(db, row, reservation, now);
  if (preview.charges.reservationFit === 'DoesntApply') throw new HttpError(409, TICKET_SERVICE_MESSAGES.reservationElsewhere(reservation.reservation_number));
  if (row.reservation_id === null) {
    try {
      const updated = await db.query(
        "update garage_tickets set reservation_id = $2 where ticket_id = $1 and reservation_id is null and status <> 'exited' returning ticket_id",
        [row.ticket_id, reservation.reservation_id],
      );
      if (updated.length === 0) throw new HttpError(409, TICKET_SERVICE_MESSAGES.reservationAlreadyApplied);
    } catch (error: unknown) {
      if (isUniqueViolation(error)) throw new HttpError(409, TICKET_SERVICE_MESSAGES.reservationRedeemed(reservation.reservation_number));
      throw error;
    }
    await recordEvent(db, row.ticket_id, 'reservation', now, { details: { reservationNumber: reservation.reservation_number, provider: reservation.provider } });
  }
  const after = await reload(db, row);
  return settleIfNothingDue(db, await chargeTicket(db, after, now), now, `reservation ${reservation.reservation_number}`);
}

/**
 * apply-payment: settles the ticket once. A balance covered by a coupon or a reservation is
 * settled here; a card balance must have been paid through /payments/api (systemEntityId
 * ticket:<number>), whose settled payment is recorded if the payments hook has not done it yet.
 * Applying a payment to a ticket already settled this way is refused (409): a ticket is never
 * paid twice, and the payments module refuses a second charge for the same ticket too.
 */
export async function applyPayment(db: Db, row: TicketRow, now: Date): Promise<TicketRow> {
  refuseIfExited(row);
  const current = (await catchUpCardPayment(db, row, now)) ? await reload(db, row) : row;
  const priced = await chargeTicket(db, current, now);
  if (priced.charges.amountDueCents > 0) throw new HttpError(402, TICKET_SERVICE_MESSAGES.balanceDue(priced.charges.amountDueCents));
  const updated = await db.query(
    `update garage_tickets set payment_applied_at = $2, status = 'paid', paid_at = coalesce(paid_at, $2)
     where ticket_id = $1 and payment_applied_at is null and status <> 'exited' returning ticket_id`,
    [current.ticket_id, now.toISOString()],
  );
  if (updated.length === 0) throw new HttpError(409, TICKET_SERVICE_MESSAGES.alreadyPaid);
  await recordEvent(db, current.ticket_id, 'validation', now, { amountCents: 0, details: { reason: 'apply-payment' } });
  return reload(db, current);
}
