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
  entry_time_utc: Date;
  exit_time_utc: Date;
  /** Set once a gate redeemed it (a ticket points at its aggregator row). */
  redeemed_ticket_id: number | null;
  refund_id: number | null;
  refund_amount_cents: number | null;
  refund_status: 'pending' | 'succeeded' | 'failed' | null;
  refund_created_at: Date | null;
};

const SELECT = `
  select d.*, ri.entry_time_utc, ri.exit_time_utc,
    (select t.ticket_id from garage_tickets t where d.aggregator_reservation_id is not null and t.reservation_id = d.aggregator_reservation_id) as redeemed_ticket_id,
    r.refund_id, r.amount_cents as refund_amount_cents, r.status as refund_status, r.created_at as refund_created_at
  from daily_reservations d
  join rate_instances ri on ri.rate_instance_id = d.rate_instance_id
  left join payment_refunds r on r.payment_id = d.payment_id`;

export async function findReservation(db: Db, ownerUid: string, reservationId: number): Promise<ReservationRow | undefined> {
  const [row] = await db.query<ReservationRow>(`${SELECT} where d.reservation_id = $1 and d.owner_uid = $2`, [reservationId, ownerUid]);
  return row;
}

export async function findReservationById(db: Db, reservationId: number, lock = false): Promise<ReservationRow | undefined> {
  if (lock) await db.query('select 1 from daily_reservations where reservation_id = $1 for update', [reservationId]);
  const [row] = await db.query<ReservationRow>(`${SELECT} where d.reservation_id = $1`, [reservationId]);
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
  input: { ownerUid: string; rateInstanceId: string; locationId: number; isOversized: boolean; confirmationNumber: string; amountCents: number; now: Date },
): Promise<number | undefined> {
  const [row] = await db.query<{ reservation_id: number }>(
    `insert into daily_reservations (owner_uid, rate_instance_id, location_id, is_oversized, confirmation_number, amount_cents, status, created_at)
     values ($1, $2::uuid, $3, $4, $5, $6, 'pending', $7)
     on conflict (owner_uid, rate_instance_id, is_oversized) where status = 'pending' do nothing
     returning reservation_id`,
    [input.ownerUid, input.rateInstanceId, input.locationId, input.isOversized, input.confirmationNumber, input.amountCents, input.now],
  );
  return row?.reservation_id;
}

/** Confirmed reservations at a garage whose window overlaps [entry, exit): the spaces they hold. */
export async function countOverlappingReservations(db: Db, locationId: number, entry: Date, exit: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from daily_reservations d join rate_instances ri on ri.rate_instance_id = d.rate_instance_id
     where d.location_id = $1 and d.status = 'confirmed' and ri.entry_time_utc < $3 and ri.exit_time_utc > $2`,
    [locationId, entry, exit],
  );
  return row?.n ?? 0;
}

export async function findGarageCapacity(db: Db, locationId: number): Promise<number> {
  const [row] = await db.query<{ capacity: number }>('select capacity from locations where location_id = $1', [locationId]);
  return row?.capacity ?? 0;
}

export async function findCustomerContact(db: Db, uid: string): Promise<{ email: string | null; displayName: string | null }> {
  const [row] = await db.query<{ email: string | null; display_name: string | null }>('select email, display_name from customers where uid = $1', [uid]);
  return { email: row?.email ?? null, displayName: row?.display_name ?? null };
}

export type ReservationListKind = 'active' | 'completed';

/**
 * Active: confirmed and not yet over. Completed: over, cancelled, or used at a gate. Pending
 * reservations (a payment never finished) are in neither list.
 */
export async function listReservations(db: Db, ownerUid: string, kind: ReservationListKind, now: Date, offset: number, count: number) {
  const where = kind === 'active'
    ? `d.status = 'confirmed' and ri.exit_time_utc > $2`
    : `(d.status = 'cancelled' or (d.status = 'confirmed' and ri.exit_time_utc <= $2))`;
  const order = kind === 'active' ? 'ri.entry_time_utc asc' : 'ri.entry_time_utc desc';
  const rows = await db.query<ReservationRow>(`${SELECT} where d.owner_uid = $1 and ${where} order by ${order}, d.reservation_id desc limit $3 offset $4`, [ownerUid, now, count, offset]);
  const [total] = await db.query<{ n: number }>(
    `select count(*)::int as n from daily_reservations d join rate_instances ri on ri.rate_instance_id = d.rate_instance_id where d.owner_uid = $1 and ${where}`,
    [ownerUid, now],
  );
  return { rows, total: total?.n ?? 0 };
}
