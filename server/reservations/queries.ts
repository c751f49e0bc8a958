/**
 * SQL of daily reservations and refunds (tables in migration 0060). Reads are scoped by the
 * owner's uid, so another customer's reservation is simply "not found".
 */
import type { Db } from '../db/client.ts';

export type ReservationRow = {
  reservation_id: number;
  owner_uid: string;
  rate_instance_id: string;
  location_id: number;
  is_oversized: boolean;
  confirmation_number: string;
  amount_cents: number;
  status: 'pending' | 'confirmed' | 'cancelled';
  payment_id: number | null;
  aggregator_reservation_id: number | null;
  created_at: Date;
  confirmed_at: Date | null;
  cancelled_at: Date | null;
  confirmation_mailed_at: Date | null;
  /** The stay, copied from the rate instance at creation (migration 0090). */
  entry_time_utc: Date;
  exit_time_utc: Date;
  /** Until when a pending reservation holds its space (null once confirmed or cancelled from then on). */
  hold_expires_at: Date | null;
  /** Set once a gate redeemed it (a ticket points at its aggregator row). */
  redeemed_ticket_id: number | null;
  refund_id: number | null;
  refund_amount_cents: number | null;
  refund_status: 'pending' | 'succeeded' | 'failed' | null;
  refund_created_at: Date | null;
};

/** A reservation row's columns, named rather than `*` so its reads are prepared (decision 0124); row-columns.api.test.ts keeps them the table's. */
export const RESERVATION_COLUMNS = [
  'reservation_id', 'owner_uid', 'rate_instance_id', 'location_id', 'is_oversized', 'confirmation_number', 'amount_cents', 'status', 'payment_id',
  'aggregator_reservation_id', 'created_at', 'confirmed_at', 'cancelled_at', 'confirmation_mailed_at', 'entry_time_utc', 'exit_time_utc', 'hold_expires_at',
] as const;
const RESERVATION = RESERVATION_COLUMNS.map((column) => `d.${column}`).join(', ');

/**
 * A reservation with its redemption and refund. The refund is read per row through its unique
 * payment_id (the lateral's `limit 1` keeps the planner from turning it into a hash join over
 * every customer's refunds, which it chose for a long list: decision 0119). `from` is the table or
 * an already-paged subquery aliased `d`.
 */
const selectFrom = (from: string) => `
  select ${RESERVATION},
    (select t.ticket_id from garage_tickets t where d.aggregator_reservation_id is not null and t.reservation_id = d.aggregator_reservation_id) as redeemed_ticket_id,
    r.refund_id, r.amount_cents as refund_amount_cents, r.status as refund_status, r.created_at as refund_created_at
  from ${from} d
  left join lateral (select refund_id, amount_cents, status, created_at from payment_refunds where payment_id = d.payment_id limit 1) r on true`;
const SELECT = selectFrom('daily_reservations');

export async function findReservation(db: Db, ownerUid: string, reservationId: number): Promise<ReservationRow | undefined> {
  const [row] = await db.query<ReservationRow>(`${SELECT} where d.reservation_id = $1 and d.owner_uid = $2`, [reservationId, ownerUid]);
  return row;
}

/** `lock`: the reservation's row is locked until the transaction ends (its redemption and refund are only read). */
export async function findReservationById(db: Db, reservationId: number, lock = false): Promise<ReservationRow | undefined> {
  const [row] = await db.query<ReservationRow>(`${SELECT} where d.reservation_id = $1${lock ? ' for update of d' : ''}`, [reservationId]);
  return row;
}

export async function findPendingReservation(db: Db, ownerUid: string, rateInstanceId: string, isOversized: boolean): Promise<ReservationRow | undefined> {
  const [row] = await db.query<ReservationRow>(
    `${SELECT} where d.owner_uid = $1 and d.rate_instance_id = $2::uuid and d.is_oversized = $3 and d.status = 'pending'`,
    [ownerUid, rateInstanceId, isOversized],
  );
  return row;
}

/** Inserts a pending reservation; undefined when a racing request inserted the same one first. */
export async function insertPendingReservation(
  db: Db,
  input: {
    ownerUid: string; rateInstanceId: string; locationId: number; isOversized: boolean; confirmationNumber: string; amountCents: number;
    entry: Date; exit: Date; holdExpiresAt: Date; now: Date;
  },
): Promise<number | undefined> {
  const [row] = await db.query<{ reservation_id: number }>(
    `insert into daily_reservations (owner_uid, rate_instance_id, location_id, is_oversized, confirmation_number, amount_cents, status, created_at,
       entry_time_utc, exit_time_utc, hold_expires_at)
     values ($1, $2::uuid, $3, $4, $5, $6, 'pending', $7, $8, $9, $10)
     on conflict (owner_uid, rate_instance_id, is_oversized) where status = 'pending' do nothing
     returning reservation_id`,
    [input.ownerUid, input.rateInstanceId, input.locationId, input.isOversized, input.confirmationNumber, input.amountCents, input.now, input.entry, input.exit, input.holdExpiresAt],
  );
  return row?.reservation_id;
}

/**
 * Serialises everything that takes or re-takes a space at one garage (create, renew a hold,
 * confirm) until the transaction ends, so a count and the write it allows are one step: two
 * requests (or two processes) for the last space give exactly one. Other garages do not wait.
 */
export async function lockGarageSpaces(tx: Db, locationId: number): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`reservation-spaces:${locationId}`]);
}

/**
 * Confirms a pending reservation in one statement: locks its row, adds its number to
 * aggregator_reservations for the gate (with the customer's name as the account has it) and marks
 * it confirmed with its payment. With `heldPast`, only while its hold runs past that moment.
 * False when it is not pending (or its hold ends sooner): nothing was written.
 */
export async function markConfirmed(tx: Db, reservationId: number, paymentId: number | null, now: Date, heldPast: Date | null): Promise<boolean> {
  const rows = await tx.query(
    `with stay as (
       select reservation_id, confirmation_number, location_id, entry_time_utc, exit_time_utc, amount_cents, owner_uid
       from daily_reservations
       where reservation_id = $1 and status = 'pending' and ($4::timestamptz is null or hold_expires_at > $4::timestamptz)
       for update
     ), gate as (
       insert into aggregator_reservations (provider, reservation_number, location_id, check_in_utc, check_out_utc, rate_cents, customer_name, created_at)
       select 'ParkFair', confirmation_number, location_id, entry_time_utc, exit_time_utc, amount_cents,
         coalesce((select display_name from customers where uid = stay.owner_uid), 'ParkFair customer'), $3
       from stay
       returning reservation_id
     )
     update daily_reservations d
     set status = 'confirmed', payment_id = $2, aggregator_reservation_id = gate.reservation_id, confirmed_at = $3, hold_expires_at = null
     from gate where d.reservation_id = $1
     returning d.reservation_id`,
    [reservationId, paymentId, now, heldPast],
  );
  return rows.length > 0;
}

/**
 * Reservations at a garage that hold a space over [entry, exit) — confirmed, or pending inside its
 * hold — how many of them are the customer's, and the garage's capacity, in one statement;
 * `excludeId` leaves out the one being confirmed. Served by daily_reservations_holding: only stays
 * ending after `entry` are visited.
 */
export async function countHeldSpaces(
  db: Db,
  input: { locationId: number; entry: Date; exit: Date; ownerUid: string; now: Date; excludeId?: number },
): Promise<{ held: number; mine: number; capacity: number }> {
  const [row] = await db.query<{ held: number; mine: number; capacity: number | null }>(
    `select count(*)::int as held, (count(*) filter (where owner_uid = $4))::int as mine,
       (select capacity from locations where location_id = $1) as capacity
     from daily_reservations
     where location_id = $1 and status in ('pending', 'confirmed') and exit_time_utc > $2 and entry_time_utc < $3
       and (status = 'confirmed' or hold_expires_at > $5) and reservation_id <> $6`,
    [input.locationId, input.entry, input.exit, input.ownerUid, input.now, input.excludeId ?? 0],
  );
  return { held: row?.held ?? 0, mine: row?.mine ?? 0, capacity: row?.capacity ?? 0 };
}

export type ReservationListKind = 'active' | 'completed';

/**
 * Active: confirmed and not yet over. Completed: over, cancelled, or used at a gate. Pending
 * reservations (a payment never finished) are in neither list.
 */
export async function listReservations(db: Db, ownerUid: string, kind: ReservationListKind, now: Date, offset: number, count: number) {
  // Active: daily_reservations_active_by_owner's range on exit_time_utc reads only the stays not
  // yet over (a handful, sorted in memory), never the customer's history. Completed:
  // daily_reservations_by_owner_entry is walked in the order shown and stops at the page.
  const where = kind === 'active'
    ? `d.status = 'confirmed' and d.exit_time_utc > $2`
    : `(d.status = 'cancelled' or (d.status = 'confirmed' and d.exit_time_utc <= $2))`;
  const order = kind === 'active' ? 'd.entry_time_utc asc, d.reservation_id desc' : 'd.entry_time_utc desc, d.reservation_id desc';
  // The page is cut first, then only its rows get their redemption and refund.
  const page = `(select ${RESERVATION} from daily_reservations d where d.owner_uid = $1 and ${where} order by ${order} limit $3 offset $4)`;
  const rows = await db.query<ReservationRow>(`${selectFrom(page)} order by ${order}`, [ownerUid, now, count, offset]);
  const [total] = await db.query<{ n: number }>(`select count(*)::int as n from daily_reservations d where d.owner_uid = $1 and ${where}`, [ownerUid, now]);
  return { rows, total: total?.n ?? 0 };
}
