/**
 * Cars on lots, provisional passes, aggregator reservations and validating merchants, for
 * demos and tests. Numbers are fixed (the README lists them); times are relative to `now`, so a
 * fresh database always has cars parked minutes to a day ago and reservations that are live.
 *
 * Demo customers are Firebase uids DEMO_CUSTOMER_UIDS (create users with these uids in the Auth
 * emulator to sign in as them). Unclaimed tickets are paper tickets anyone can look up by number;
 * a signed-in customer also sees them once the plate is one of their vehicles.
 */
import type { Db } from '../db/client.ts';
import { priceTicket } from './ticket-pricing.ts';

export const DEMO_CUSTOMER_UIDS = ['demo-driver-1', 'demo-driver-2'] as const;

const MINUTE_MS = 60_000;
const HOUR = 60;

type TicketSeed = {
  ticketNumber: string;
  locationId: number;
  plate: string;
  enteredMinutesAgo: number;
  customerUid?: string;
  isMonthly?: boolean;
  isCarCalled?: boolean;
};

/** The first four digits of a 23-digit number are the lot code of its garage. */
export const DEMO_TICKETS: readonly TicketSeed[] = [
  { ticketNumber: '10442611230001004821001', locationId: 1, plate: 'NYC4821', enteredMinutesAgo: 2 * HOUR + 15 },
  { ticketNumber: '10422611230002007390002', locationId: 3, plate: 'KGT7390', enteredMinutesAgo: 45 },
  { ticketNumber: '20012611230003002024003', locationId: 20, plate: 'BKN2024', enteredMinutesAgo: 5 * HOUR },
  { ticketNumber: '30012611220004005521004', locationId: 27, plate: 'N55KTR', enteredMinutesAgo: 26 * HOUR },
  { ticketNumber: '40012611230005001187005', locationId: 34, plate: 'GSP1187', enteredMinutesAgo: 3 * HOUR + 30 },
  { ticketNumber: 'PF7K2QX', locationId: 1, plate: 'DEMO123', enteredMinutesAgo: HOUR, customerUid: 'demo-driver-1' },
  { ticketNumber: 'R4T9WX', locationId: 2, plate: 'LMN4567', enteredMinutesAgo: 3 * HOUR, isCarCalled: true },
  { ticketNumber: 'HJ3M7P', locationId: 21, plate: 'DEMO456', enteredMinutesAgo: 90, customerUid: 'demo-driver-2' },
  { ticketNumber: 'MTH2041', locationId: 3, plate: 'MTH2041', enteredMinutesAgo: 7 * HOUR, isMonthly: true },
];

/**
 * A paper ticket paid at the pay station half an hour after entry whose car is still parked well
 * past the grace period: it owes the difference (the overstay second payment). Garage 28 (lot
 * 3002, Jersey City) because on its board a 3-hour stay costs more than a 30-minute one whatever
 * the day and time of entry, so the balance is never zero.
 */
export const OVERSTAY_TICKET = { ticketNumber: '30022611230007006614007', locationId: 28, plate: 'HDS6614', enteredMinutesAgo: 3 * HOUR, paidAfterMinutes: 30 } as const;

/**
 * A paper ticket whose holder entered plate KXR4477 while the gate recorded KXR4471 (a misread),
 * and went on: it waits for an audit review and is charged the garage's minimum rate.
 */
export const AUDIT_TICKET = { ticketNumber: '10432611230006004477006', locationId: 2, plate: 'KXR4471', enteredPlate: 'KXR4477', enteredMinutesAgo: 50, flaggedMinutesAgo: 10 } as const;

/** Provisional passes waiting for a vehicle (park-and-pay "convert pass"). */
export const DEMO_PASSES = [
  { passNumber: 'PXA4TC9', uid: 'demo-driver-1', locationId: 1, enteredMinutesAgo: 8 },
  { passNumber: 'PXB7KD3', uid: 'demo-driver-2', locationId: 20, enteredMinutesAgo: 5 },
] as const;

type ReservationSeed = { provider: 'ParkFair' | 'SpotHero' | 'ParkWhiz'; number: string; locationId: number; checkInHours: number; hours: number; rateCents: number; name: string };

/**
 * Aggregator reservations in each provider's number style: SpotHero rental ids (8 digits),
 * ParkWhiz booking ids (10 digits), ParkFair confirmations (PF-YYMM-XXXX). Check-in times are on
 * the half hour around now: some live now, some expired, one tomorrow.
 */
export const DEMO_RESERVATIONS: readonly ReservationSeed[] = [
  { provider: 'SpotHero', number: '48213977', locationId: 3, checkInHours: -1, hours: 6, rateCents: 1950, name: 'Dana Whitfield' },
  { provider: 'ParkWhiz', number: '1187342056', locationId: 1, checkInHours: -3, hours: 6, rateCents: 2400, name: 'Marcus Bell' },
  // Two more live ParkWhiz bookings at garage 1 for the phone lockout e2e (one per phone project;
  // a reservation redeems once): tests/e2e/phone-lockout.spec.ts.
  { provider: 'ParkWhiz', number: '1187342071', locationId: 1, checkInHours: -3, hours: 6, rateCents: 2400, name: 'Rosa Quint' },
  { provider: 'ParkWhiz', number: '1187342072', locationId: 1, checkInHours: -3, hours: 6, rateCents: 2400, name: 'Omar Hale' },
  { provider: 'ParkFair', number: 'PF-2611-8K3M', locationId: 20, checkInHours: -0.5, hours: 6, rateCents: 1600, name: 'Priya Raman' },
  { provider: 'SpotHero', number: '48299140', locationId: 1, checkInHours: 20, hours: 6, rateCents: 1950, name: 'Leo Castillo' },
  { provider: 'SpotHero', number: '47120588', locationId: 1, checkInHours: -72, hours: 6, rateCents: 1800, name: 'Ana Sousa' },
  { provider: 'ParkWhiz', number: '1186001932', locationId: 27, checkInHours: -50, hours: 10, rateCents: 1500, name: 'Tom Greer' },
  { provider: 'ParkFair', number: 'PF-2610-2Q7D', locationId: 34, checkInHours: -30 * 24, hours: 5, rateCents: 2200, name: 'Keisha Lane' },
];

/**
 * Validating merchants (garage partner shops, server/validations). They are seeded without a
 * key: staff give one (`npm run validations -- key <id>`) or issue codes for them. There is no
 * standing validation coupon: a code is issued per customer, single-use (migration 0091).
 */
export const DEMO_MERCHANTS = [
  { name: 'Bryant Park Bistro', locationIds: [1, 2], valueType: 'FULL', value: 100 },
  { name: 'Hudson Yards Cinema', locationIds: [3], valueType: 'HOURS', value: 3 },
] as const;

const HALF_HOUR_MS = 30 * MINUTE_MS;
const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS).toISOString();

export async function seedParkingSystem(tx: Db, now: Date): Promise<void> {
  for (const m of DEMO_MERCHANTS) {
    await tx.query(
      `insert into validation_merchants (name, location_ids, value_type, value, created_by, created_at) values ($1, $2::int[], $3, $4, 'seed', $5)`,
      [m.name, m.locationIds, m.valueType, m.value, minutesBefore(now, 60 * 1440)],
    );
  }
  const halfHour = Math.floor(now.getTime() / HALF_HOUR_MS) * HALF_HOUR_MS;
  for (const r of DEMO_RESERVATIONS) {
    const checkIn = new Date(halfHour + r.checkInHours * 60 * MINUTE_MS);
    await tx.query(
      `insert into aggregator_reservations (provider, reservation_number, location_id, check_in_utc, check_out_utc, rate_cents, customer_name, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.provider, r.number, r.locationId, checkIn.toISOString(), new Date(checkIn.getTime() + r.hours * 60 * MINUTE_MS).toISOString(), r.rateCents, r.name, minutesBefore(now, 14 * 1440)],
    );
  }
  for (const t of DEMO_TICKETS) {
    const entry = minutesBefore(now, t.enteredMinutesAgo);
    const [row] = await tx.query<{ ticket_id: number }>(
      `insert into garage_tickets (ticket_number, location_id, license_plate, entry_time_utc, customer_uid, is_monthly, created_at)
       values ($1, $2, $3, $4, $5, $6, $4) returning ticket_id`,
      [t.ticketNumber, t.locationId, t.plate, entry, t.customerUid ?? null, t.isMonthly ?? false],
    );
    if (!row) continue;
    await tx.query(`insert into ticket_events (ticket_id, kind, occurred_at, details) values ($1, 'entry', $2, '{"source":"seed"}')`, [row.ticket_id, entry]);
    if (t.isCarCalled) {
      await tx.query('insert into car_calls (ticket_id, location_id, called_at) values ($1, $2, $3)', [row.ticket_id, t.locationId, minutesBefore(now, 4)]);
    }
  }
  await seedOverstayAndAudit(tx, now);
  for (const p of DEMO_PASSES) {
    await tx.query(
      'insert into provisional_passes (pass_number, customer_uid, location_id, entry_time_utc) values ($1, $2, $3, $4)',
      [p.passNumber, p.uid, p.locationId, minutesBefore(now, p.enteredMinutesAgo)],
    );
  }
}

async function seedOverstayAndAudit(tx: Db, now: Date): Promise<void> {
  const o = OVERSTAY_TICKET;
  const entry = new Date(now.getTime() - o.enteredMinutesAgo * MINUTE_MS);
  const paidAt = new Date(entry.getTime() + o.paidAfterMinutes * MINUTE_MS);
  // The pay station took exactly what was due then (stay, tax and fee), as payAtStation does.
  const price = await priceTicket(tx, o.locationId, entry, paidAt);
  const paidCents = price.amountCents + price.serviceFeeCents;
  const [paid] = await tx.query<{ ticket_id: number }>(
    `insert into garage_tickets (ticket_number, location_id, license_plate, entry_time_utc, status, amount_paid_cents, paid_at, created_at)
     values ($1, $2, $3, $4, 'paid', $5, $6, $4) returning ticket_id`,
    [o.ticketNumber, o.locationId, o.plate, entry.toISOString(), paidCents, paidAt.toISOString()],
  );
  if (paid) {
    await tx.query(
      `insert into ticket_events (ticket_id, kind, occurred_at, amount_cents, details) values ($1, 'entry', $2, null, '{"source":"seed"}'), ($1, 'payment', $3, $4, '{"method":"pay-station"}')`,
      [paid.ticket_id, entry.toISOString(), paidAt.toISOString(), paidCents],
    );
  }
  const a = AUDIT_TICKET;
  const auditEntry = minutesBefore(now, a.enteredMinutesAgo);
  const flaggedAt = minutesBefore(now, a.flaggedMinutesAgo);
  const [audited] = await tx.query<{ ticket_id: number }>(
    `insert into garage_tickets (ticket_number, location_id, license_plate, entry_time_utc, created_at, audit_review_reason, audit_reported_plate, audit_flagged_at)
     values ($1, $2, $3, $4, $4, 'unmatched-plate', $5, $6) returning ticket_id`,
    [a.ticketNumber, a.locationId, a.plate, auditEntry, a.enteredPlate, flaggedAt],
  );
  if (audited) {
    await tx.query(
      `insert into ticket_events (ticket_id, kind, occurred_at, details) values ($1, 'entry', $2, '{"source":"seed"}'), ($1, 'audit', $3, $4)`,
      [audited.ticket_id, auditEntry, flaggedAt, JSON.stringify({ reason: 'unmatched-plate', enteredPlate: a.enteredPlate, recordedPlate: a.plate })],
    );
  }
}
