/**
 * Daily reservations: create from a stored quote, confirm once paid, cancel with a refund.
 *
 * - **Create** takes only the quote's id. The stored rate instance must exist (else it was never
 *   quoted: tampered), start in the future, and be exactly what the rate engine prices for the
 *   same stay and coupon now (else the rate changed). Blackouts, the oversized rule, the garage's
 *   reservable spaces and the customer's limit per garage are checked too (decision 0102), under
 *   the garage's lock. A new reservation holds its space for PENDING_HOLD_MINUTES while it waits
 *   for payment; the customer asking again for the same quote gets that same reservation back
 *   (its hold renewed, if it ran out and there is still room).
 * - **Confirm** (the payable's onPaid hook, or at once when the total is $0) marks it confirmed and
 *   adds its number to aggregator_reservations, where the gate's redeem flows look it up. Inside
 *   the hold its space is already counted; near or after its end the spaces are counted again
 *   under the garage's lock (no room left: cancelled, and the payment refunded).
 * - **Cancel** (up to 30 minutes before the start, not once used at a gate) writes the refund row
 *   first, then asks the processor with an idempotency key derived from that row, so a retry
 *   after a crash or a lost answer re-drives the same refund.
 * - **Paid after cancel** (a browser payment confirmed after the DELETE of its pending
 *   reservation): the payment is attached to the cancelled reservation and refunded the same way.
 */
import { NO_RATE_INSTANCE_ID } from '../../src/contract/rates.ts';
import { MAX_OVERLAPPING_PER_GARAGE, RESERVATION_MESSAGES } from '../../src/contract/reservations.ts';
import type { Db } from '../db/client.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { log } from '../lib/logger.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { findSucceededPayment } from '../payments/payment-store.ts';
import { requireUsablePromotion } from '../promotions/routes.ts';
import { priceDailyStays, type DailyPricer } from '../rates/daily-pricing.ts';
import { findRateInstance, type RateInstanceRow } from '../rates/queries.ts';
import {
  countHeldSpaces, findPendingReservation, findReservation, findReservationById,
  insertPendingReservation, lockGarageSpaces, markConfirmed, type ReservationRow,
} from './queries.ts';
import { holdExpiresAt, isCancellable, isHolding, newConfirmationNumber, reservableSpaces, reservationTotalCents } from './reservation-rules.ts';

/** How long one request may take to get a refund's answer from the processor before another may retry it. */
const REFUND_LEASE_MS = 30_000;

export type ReservationServiceDeps = { db: Db; now: () => Date; pricer: DailyPricer; provider: PaymentProvider | undefined };

/** The stored quote, checked against the rate engine now: the only source of a reservation's price. */
export async function requireCurrentQuote({ db, now, pricer }: ReservationServiceDeps, rateInstanceId: string, isOversized: boolean): Promise<RateInstanceRow> {
  if (rateInstanceId === NO_RATE_INSTANCE_ID) throw new HttpError(400, RESERVATION_MESSAGES.noRate);
  const stored = await findRateInstance(db, rateInstanceId);
  if (!stored) throw new HttpError(400, RESERVATION_MESSAGES.unknownRate);
  const at = now();
  const entry = new Date(stored.entryTimeUtc);
  const exit = new Date(stored.exitTimeUtc);
  if (entry.getTime() <= at.getTime()) throw new HttpError(400, RESERVATION_MESSAGES.expiredRate);
  const coupon = stored.appliedPromotionCode
    ? (await requireUsablePromotion(db, stored.appliedPromotionCode, { now: at, appliesTo: 'DAILY', locationId: stored.locationId })).terms
    : undefined;
  const [current] = await priceDailyStays(pricer, { locationIds: [stored.locationId], entry, exit, now: at, coupon, shouldStore: false });
  if (!current) throw new HttpError(400, RESERVATION_MESSAGES.unknownRate);
  // Spec 1 §5: blackouts disable Reserve; the garage's own message says why.
  if (current.blackouts[0]) throw new HttpError(400, current.blackouts[0].message);
  if (current.rateInstanceId === NO_RATE_INSTANCE_ID) throw new HttpError(400, current.rateMessage || RESERVATION_MESSAGES.noRate);
  if (current.rateInstanceId !== stored.rateInstanceId) throw new HttpError(400, RESERVATION_MESSAGES.changedRate);
  if (isOversized && stored.noOversized) throw new HttpError(400, RESERVATION_MESSAGES.noOversized);
  return stored;
}

type Stay = { locationId: number; entry: Date; exit: Date; ownerUid: string };

/**
 * Why the stay cannot take a space now, or undefined when it can: the customer already holds
 * MAX_OVERLAPPING_PER_GARAGE overlapping reservations at the garage, or the garage's reservable
 * spaces are all held (confirmed, or pending inside their hold) over it. Call with the garage
 * locked (lockGarageSpaces) so the answer still holds when the caller writes.
 */
async function refusalFor(tx: Db, stay: Stay, now: Date, excludeId?: number): Promise<string | undefined> {
  const { held, mine, capacity } = await countHeldSpaces(tx, { ...stay, now, ...(excludeId === undefined ? {} : { excludeId }) });
  if (mine >= MAX_OVERLAPPING_PER_GARAGE) return RESERVATION_MESSAGES.customerLimit;
  if (held >= reservableSpaces(capacity)) return RESERVATION_MESSAGES.fullyBooked;
  return undefined;
}

export type ConfirmOutcome = 'confirmed' | 'refused' | 'not-pending';

/**
 * A pending reservation whose hold runs at least this much longer is confirmed without counting
 * again (decision 0102): its space is already counted as taken by every other count, so the count
 * would pass. The margin covers the time to commit and the clocks of several server processes.
 */
const HOLD_MARGIN_MS = 60_000;

/**
 * Marks a pending reservation confirmed and makes it redeemable at the gate. Inside its hold that
 * is one statement, with no garage lock: paying never waits for other customers' bookings. Near or
 * after the end of the hold (a browser payment started in time, completed late), the garage's
 * spaces and the customer's limit are checked again in the same transaction, with the garage
 * locked, and it confirms only if there is still room. Otherwise the reservation is cancelled
 * ('refused'), and the caller refunds the payment as it does a payment after a cancel.
 */
export async function confirmReservation(db: Db, reservationId: number, paymentId: number | null, now: Date): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    if (await markConfirmed(tx, reservationId, paymentId, now, new Date(now.getTime() + HOLD_MARGIN_MS))) return 'confirmed';
    const [stay] = await tx.query<{ location_id: number }>('select location_id from daily_reservations where reservation_id = $1', [reservationId]);
    if (!stay) return 'not-pending';
    await lockGarageSpaces(tx, stay.location_id);
    const row = await findReservationById(tx, reservationId, true);
    if (!row || row.status !== 'pending') return 'not-pending';
    const refusal = await refusalFor(tx, { locationId: row.location_id, entry: new Date(row.entry_time_utc), exit: new Date(row.exit_time_utc), ownerUid: row.owner_uid }, now, reservationId);
    if (refusal) {
      await tx.query(`update daily_reservations set status = 'cancelled', cancelled_at = $2, hold_expires_at = null where reservation_id = $1`, [reservationId, now]);
      return 'refused';
    }
    return (await markConfirmed(tx, reservationId, paymentId, now, null)) ? 'confirmed' : 'not-pending';
  });
}

/**
 * Attaches a payment that succeeded after its reservation was cancelled, so the refund it is owed
 * is driven and shown like any other. The update holds the row until the payment's transaction
 * commits (see `refundLatePayment`). False when it was not cancelled or already has a payment.
 */
export async function attachLatePayment(db: Db, reservationId: number, paymentId: number): Promise<boolean> {
  const rows = await db.query(
    `update daily_reservations set payment_id = $2 where reservation_id = $1 and status = 'cancelled' and payment_id is null returning reservation_id`,
    [reservationId, paymentId],
  );
  return rows.length > 0;
}

export function createReservationService(deps: ReservationServiceDeps) {
  const { db, now, provider } = deps;

  async function uniqueConfirmationNumber(entry: Date, tx: Db = db): Promise<string> {
    for (;;) {
      const candidate = newConfirmationNumber(entry);
      const [taken] = await tx.query(
        `select 1 from daily_reservations where confirmation_number = $1 union all select 1 from aggregator_reservations where reservation_number = $1`,
        [candidate],
      );
      if (!taken) return candidate;
    }
  }

  const isNumberTaken = (error: unknown) =>
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505' && String((error as { message?: unknown }).message).includes('confirmation_number');

  /**
   * Takes a space for a new pending reservation: with the garage locked, the customer's limit and
   * the garage's spaces are checked and the row (holding its space until its hold runs out) is
   * inserted in one transaction. A number taken by a racing insert meanwhile (unique violation,
   * which ends the transaction) is drawn again in a new one. Undefined when a racing request for
   * the same quote inserted it first.
   */
  async function insertHolding(insert: Omit<Parameters<typeof insertPendingReservation>[1], 'confirmationNumber' | 'holdExpiresAt' | 'now'>): Promise<number | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction(async (tx) => {
          await lockGarageSpaces(tx, insert.locationId);
          // A double click on the last space: the first click's reservation is this one's answer, not "full".
          if (await findPendingReservation(tx, insert.ownerUid, insert.rateInstanceId, insert.isOversized)) return undefined;
          const at = now();
          const refusal = await refusalFor(tx, { locationId: insert.locationId, entry: insert.entry, exit: insert.exit, ownerUid: insert.ownerUid }, at);
          if (refusal) throw new HttpError(409, refusal);
          const confirmationNumber = await uniqueConfirmationNumber(insert.entry, tx);
          return insertPendingReservation(tx, { ...insert, confirmationNumber, holdExpiresAt: holdExpiresAt(at), now: at });
        });
      } catch (error: unknown) {
        if (!isNumberTaken(error) || attempt >= 3) throw error;
      }
    }
  }

  /**
   * A pending reservation whose hold ran out, asked for again by its owner (the same quote):
   * it holds a space again for a new hold if there is still room, else 409 as a new one would.
   */
  async function renewHold(reservationId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [stay] = await tx.query<{ location_id: number }>('select location_id from daily_reservations where reservation_id = $1', [reservationId]);
      if (!stay) return;
      await lockGarageSpaces(tx, stay.location_id);
      const row = await findReservationById(tx, reservationId, true);
      const at = now();
      if (!row || row.status !== 'pending' || isHolding(row, at)) return;
      const refusal = await refusalFor(tx, { locationId: row.location_id, entry: new Date(row.entry_time_utc), exit: new Date(row.exit_time_utc), ownerUid: row.owner_uid }, at, reservationId);
      if (refusal) throw new HttpError(409, refusal);
      await tx.query('update daily_reservations set hold_expires_at = $2 where reservation_id = $1', [reservationId, holdExpiresAt(at)]);
    });
  }

  /** Sends the refund a cancelled, paid reservation is owed (again, if an earlier attempt was cut off). */
  async function driveRefund(row: ReservationRow): Promise<void> {
    if (!row.payment_id || row.refund_status === 'succeeded') return;
    const payment = await findSucceededPayment(db, `reservation:${row.reservation_id}`);
    if (!payment?.provider_intent_id) return;
    if (!provider) throw new HttpError(503, RESERVATION_MESSAGES.systemError);
    const [refund] = await db.query<{ refund_id: number; status: string }>(
      `insert into payment_refunds (payment_id, owner_uid, amount_cents, reason, status, created_at)
       values ($1, $2, $3, 'Reservation cancelled', 'pending', $4)
       on conflict (payment_id) do update set payment_id = excluded.payment_id returning refund_id, status`,
      [payment.payment_id, row.owner_uid, payment.amount_cents, now()],
    );
    if (!refund || refund.status === 'succeeded') return;
    // One request at a time talks to the processor about a refund (concurrent DELETEs: the
    // processor refuses a key already in use, or the test processor's unique key fails): the
    // others answer the refund as it stands. A lease left by a crash expires and is taken over.
    const [leased] = await db.query(
      `update payment_refunds set drive_lease_until = $2 where refund_id = $1 and status <> 'succeeded' and (drive_lease_until is null or drive_lease_until <= $3) returning refund_id`,
      [refund.refund_id, new Date(now().getTime() + REFUND_LEASE_MS), now()],
    );
    if (!leased) return;
    let done: Awaited<ReturnType<PaymentProvider['refund']>>;
    try {
      done = await provider.refund({ intentId: payment.provider_intent_id, amountCents: payment.amount_cents, idempotencyKey: `parkfair-refund-${refund.refund_id}` });
    } catch (error: unknown) {
      await db.query('update payment_refunds set drive_lease_until = null where refund_id = $1', [refund.refund_id]);
      throw error;
    }
    await db.query(
      `update payment_refunds set status = $2, provider_refund_id = $3, succeeded_at = case when $2 = 'succeeded' then $4::timestamptz end, drive_lease_until = null
       where refund_id = $1 and status <> 'succeeded'`,
      [refund.refund_id, done.status, done.refundId, now()],
    );
  }

  return {
    /**
     * Refunds a payment attached to a cancelled reservation after it was cancelled. Locking the
     * row first waits for the payment's transaction (which updated it) to commit; a refund cut
     * off here is re-driven by the next read or DELETE of the reservation, never sent twice.
     */
    async refundLatePayment(reservationId: number): Promise<void> {
      const row = await db.transaction((tx) => findReservationById(tx, reservationId, true));
      if (row?.status === 'cancelled') await driveRefund(row);
    },

    /** Re-drives the refund of a cancelled, paid reservation that has not gone through yet. */
    async settleRefund(row: ReservationRow): Promise<ReservationRow> {
      if (row.status !== 'cancelled' || row.payment_id === null || row.refund_status === 'succeeded') return row;
      try {
        await driveRefund(row);
      } catch (error: unknown) {
        // A read still answers while the processor is away; the next read or DELETE tries again.
        log.warn({ err: error }, `[reservations] refund of ${row.reservation_id} not sent yet`);
        return row;
      }
      return (await findReservationById(db, row.reservation_id)) ?? row;
    },

    /** Answers the reservation id: a new pending one, the pending one for this quote, or a confirmed free one. */
    async create(uid: string, input: { rateInstanceId: string; isOversized: boolean }): Promise<{ reservationId: number; isNew: boolean }> {
      const pending = await findPendingReservation(db, uid, input.rateInstanceId, input.isOversized);
      if (pending && isHolding(pending, now())) return { reservationId: pending.reservation_id, isNew: false };
      const quote = await requireCurrentQuote(deps, input.rateInstanceId, input.isOversized);
      if (pending) {
        await renewHold(pending.reservation_id);
        return { reservationId: pending.reservation_id, isNew: false };
      }
      const amountCents = reservationTotalCents(quote, input.isOversized);
      const reservationId = await insertHolding({
        ownerUid: uid, rateInstanceId: quote.rateInstanceId, locationId: quote.locationId, isOversized: input.isOversized, amountCents,
        entry: new Date(quote.entryTimeUtc), exit: new Date(quote.exitTimeUtc),
      });
      if (reservationId === undefined) {
        // A racing request for the same quote inserted it first: answer that one.
        const raced = await findPendingReservation(db, uid, input.rateInstanceId, input.isOversized);
        if (!raced) throw new HttpError(409, RESERVATION_MESSAGES.systemError);
        return { reservationId: raced.reservation_id, isNew: false };
      }
      // Nothing to pay: confirmed at once, with no card form (the payments module refuses $0).
      if (amountCents === 0) await confirmReservation(db, reservationId, null, now());
      return { reservationId, isNew: true };
    },

    async cancel(uid: string, reservationId: number): Promise<ReservationRow> {
      const row = await findReservation(db, uid, reservationId);
      if (!row) throw notFound('The reservation');
      if (row.status === 'cancelled') {
        await driveRefund(row);
        return (await findReservation(db, uid, reservationId)) ?? row;
      }
      if (row.redeemed_ticket_id !== null) throw new HttpError(409, RESERVATION_MESSAGES.alreadyRedeemed);
      if (row.status === 'confirmed' && !isCancellable(new Date(row.entry_time_utc), now())) throw new HttpError(400, RESERVATION_MESSAGES.cancelTooLate);
      const cancelled = await db.transaction(async (tx) => {
        const locked = await findReservationById(tx, reservationId, true);
        if (!locked || locked.status === 'cancelled') return false;
        if (locked.redeemed_ticket_id !== null) throw new HttpError(409, RESERVATION_MESSAGES.alreadyRedeemed);
        await tx.query(`update daily_reservations set status = 'cancelled', cancelled_at = $2, aggregator_reservation_id = null where reservation_id = $1`, [reservationId, now()]);
        // Not redeemable any more: the gate's lookup no longer finds the number.
        if (locked.aggregator_reservation_id !== null) await tx.query('delete from aggregator_reservations where reservation_id = $1', [locked.aggregator_reservation_id]);
        return true;
      });
      const current = (await findReservation(db, uid, reservationId)) ?? row;
      if (cancelled) await driveRefund(current);
      return (await findReservation(db, uid, reservationId)) ?? current;
    },
  };
}
