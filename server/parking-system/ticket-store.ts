/** SQL for garage tickets, their events and provisional passes (tables in migration 0040). */
import type { Db } from '../db/client.ts';

export type TicketRow = {
  ticket_id: number;
  ticket_number: string;
  location_id: number;
  location_number: string;
  address1: string;
  cross_street: string;
  license_plate: string | null;
  entry_time_utc: Date;
  exit_time_utc: Date | null;
  status: 'open' | 'paid' | 'exited';
  is_monthly: boolean;
  customer_uid: string | null;
  amount_paid_cents: number;
  paid_at: Date | null;
  promotion_code: string | null;
  reservation_id: number | null;
  reservation_number: string | null;
  reservation_location_id: number | null;
  reservation_check_in: Date | null;
  reservation_check_out: Date | null;
  reservation_rate_cents: number | null;
  user_arrived_at: Date | null;
  payment_applied_at: Date | null;
  is_car_called: boolean;
  /** Set when the ticket waits for an audit review (migration 0041); it is then priced at the garage minimum. */
  audit_review_reason: 'unmatched-plate' | null;
  audit_reported_plate: string | null;
  audit_flagged_at: Date | null;
  /** Payments recorded on the ticket (card and pay station): the next card payment is number count + 1. */
  payment_count: number;
};

const TICKET_SELECT = `
  select t.ticket_id, t.ticket_number, t.location_id, l.location_number, l.address1, l.cross_street, t.license_plate,
    t.entry_time_utc, t.exit_time_utc, t.status,
    -- A monthly ticket whose contract is unpaid or suspended pays the transient rate (migration 0070).
    (t.is_monthly and not monthly_access_blocked(t.location_id, t.license_plate, now())) as is_monthly, t.customer_uid, t.amount_paid_cents, t.paid_at,
    t.promotion_code, t.reservation_id, r.reservation_number, r.location_id as reservation_location_id,
    r.check_in_utc as reservation_check_in, r.check_out_utc as reservation_check_out, r.rate_cents as reservation_rate_cents,
    t.user_arrived_at, t.payment_applied_at, t.audit_review_reason, t.audit_reported_plate, t.audit_flagged_at,
    exists (select 1 from car_calls c where c.ticket_id = t.ticket_id and c.delivered_at is null) as is_car_called,
    (select count(*)::int from ticket_events e where e.ticket_id = t.ticket_id and e.kind = 'payment') as payment_count
  from garage_tickets t
  join locations l on l.location_id = t.location_id
  left join aggregator_reservations r on r.reservation_id = t.reservation_id`;

export async function findTicketByNumber(db: Db, ticketNumber: string): Promise<TicketRow | undefined> {
  const [row] = await db.query<TicketRow>(`${TICKET_SELECT} where t.ticket_number = $1`, [ticketNumber]);
  return row;
}

export async function findTicketById(db: Db, ticketId: number): Promise<TicketRow | undefined> {
  const [row] = await db.query<TicketRow>(`${TICKET_SELECT} where t.ticket_id = $1`, [ticketId]);
  return row;
}

/**
 * Tickets still on a lot that the customer claimed (park-and-pay, pass conversion, a card payment).
 * Not the unclaimed paper tickets of their vehicles' plates: anyone can add any plate as a vehicle,
 * and an unclaimed ticket's number is what lets its holder call the car, so a plate never reveals it.
 */
export async function listCustomerTickets(db: Db, uid: string, plate?: string): Promise<TicketRow[]> {
  return db.query<TicketRow>(
    `${TICKET_SELECT}
     where t.status <> 'exited' and ($2::text is null or t.license_plate = $2) and t.customer_uid = $1
     order by t.entry_time_utc desc`,
    [uid, plate ?? null],
  );
}

export async function listOpenTicketsForPlate(db: Db, plate: string): Promise<TicketRow[]> {
  return db.query<TicketRow>(`${TICKET_SELECT} where t.status <> 'exited' and t.license_plate = $1 order by t.entry_time_utc desc`, [plate]);
}

export async function isCustomerVehiclePlate(db: Db, uid: string, plate: string): Promise<boolean> {
  const rows = await db.query('select 1 from vehicles where owner_uid = $1 and license_plate = $2 and removed_at is null', [uid, plate]);
  return rows.length > 0;
}

export type NewTicket = {
  ticketNumber: string;
  locationId: number;
  licensePlate: string | null;
  entry: Date;
  customerUid: string | null;
  /** The customer whose activation opens the ticket (park-and-pay, pass conversion); absent for the gate's own entries. */
  openedByUid?: string | null;
  isMonthly?: boolean;
  now: Date;
  source: string;
  /**
   * Flag the ticket for an audit review: a customer-reported entry for a plate the lot did not
   * see (spec 3 §4), so it is charged the minimum rate until an auditor reviews it.
   */
  isAuditReview?: boolean;
};

/** Opens a ticket and records its entry event; the caller handles the one-per-plate unique violation. */
export async function insertTicket(tx: Db, ticket: NewTicket): Promise<number> {
  const [row] = await tx.query<{ ticket_id: number }>(
    `insert into garage_tickets (ticket_number, location_id, license_plate, entry_time_utc, customer_uid, is_monthly, created_at,
       audit_review_reason, audit_reported_plate, audit_flagged_at, opened_by_uid)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ticket_id`,
    [
      ticket.ticketNumber, ticket.locationId, ticket.licensePlate, ticket.entry.toISOString(), ticket.customerUid, ticket.isMonthly ?? false, ticket.now.toISOString(),
      ticket.isAuditReview ? 'unmatched-plate' : null, ticket.isAuditReview ? ticket.licensePlate : null, ticket.isAuditReview ? ticket.now.toISOString() : null,
      ticket.openedByUid ?? null,
    ],
  );
  if (!row) throw new Error('insert into garage_tickets returned nothing');
  await recordEvent(tx, row.ticket_id, 'entry', ticket.entry, { details: { source: ticket.source, ...(ticket.isAuditReview ? { auditReview: true } : {}) } });
  return row.ticket_id;
}

export type TicketEventKind = 'entry' | 'exit' | 'payment' | 'validation' | 'call-car' | 'arrival' | 'coupon' | 'reservation' | 'audit';

export async function recordEvent(
  db: Db,
  ticketId: number,
  kind: TicketEventKind,
  at: Date,
  extra: { amountCents?: number; paymentId?: number; details?: Record<string, unknown> } = {},
): Promise<void> {
  await db.query(
    `insert into ticket_events (ticket_id, kind, occurred_at, amount_cents, payment_id, details) values ($1, $2, $3, $4, $5, $6)`,
    [ticketId, kind, at.toISOString(), extra.amountCents ?? null, extra.paymentId ?? null, JSON.stringify(extra.details ?? {})],
  );
}

/**
 * vehicles.is_ticketed says "this vehicle of mine has a ticket of mine on some lot" (the vehicles
 * module shows it as "parked now"): only tickets its owner claimed count. Someone else's ticket for
 * the same plate never does, or adding a plate as a vehicle would tell where that car is parked.
 * Called after every entry, exit and claim that names a plate.
 */
export async function syncVehicleTicketed(db: Db, plate: string | null): Promise<void> {
  if (!plate) return;
  await db.query(
    `update vehicles v set is_ticketed = exists (
       select 1 from garage_tickets t where t.license_plate = $1 and t.status <> 'exited' and t.customer_uid = v.owner_uid)
     where v.license_plate = $1 and v.removed_at is null`,
    [plate],
  );
}

export async function locationExists(db: Db, locationId: number): Promise<boolean> {
  return (await db.query('select 1 from locations where location_id = $1', [locationId])).length > 0;
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
}
