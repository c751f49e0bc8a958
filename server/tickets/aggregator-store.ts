/**
 * Prepaid reservations from aggregators (ParkFair's own, SpotHero, ParkWhiz) that a driver
 * redeems against a ticket (table aggregator_reservations, migration 0040). A reservation is
 * redeemed when a ticket points at it; the unique reference makes that happen at most once.
 */
import type { Aggregator, AggregatorReservation } from '../../src/contract/tickets.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { toDollars } from '../rates/money.ts';

export type ReservationRow = {
  reservation_id: number;
  provider: Aggregator;
  reservation_number: string;
  location_id: number;
  address1: string;
  check_in_utc: Date;
  check_out_utc: Date;
  rate_cents: number;
  redeemed_ticket_id: number | null;
};

const RESERVATION_SELECT = `
  select r.reservation_id, r.provider, r.reservation_number, r.location_id, l.address1, r.check_in_utc, r.check_out_utc, r.rate_cents,
    (select t.ticket_id from garage_tickets t where t.reservation_id = r.reservation_id) as redeemed_ticket_id
  from aggregator_reservations r join locations l on l.location_id = r.location_id`;

export async function findReservation(db: Db, reservationNumber: string, provider?: Aggregator): Promise<ReservationRow | undefined> {
  const [row] = await db.query<ReservationRow>(
    `${RESERVATION_SELECT} where r.reservation_number = $1 and ($2::text is null or r.provider = $2)`,
    [reservationNumber, provider ?? null],
  );
  return row;
}

export const reservationNotFound = (reservationNumber: string) =>
  new HttpError(404, `Reservation ${reservationNumber} was not found. Please check the service and the reservation number.`);

export async function requireReservation(db: Db, reservationNumber: string, provider?: Aggregator): Promise<ReservationRow> {
  const row = await findReservation(db, reservationNumber, provider);
  if (!row) throw reservationNotFound(reservationNumber);
  return row;
}

export function toAggregatorReservation(row: ReservationRow): AggregatorReservation {
  return {
    id: row.reservation_id,
    reservationNumber: row.reservation_number,
    address: row.address1,
    locationId: row.location_id,
    checkIn: new Date(row.check_in_utc).toISOString(),
    checkOut: new Date(row.check_out_utc).toISOString(),
    rate: toDollars(row.rate_cents),
    aggregator: row.provider,
    isRedeemed: row.redeemed_ticket_id !== null,
  };
}

export const toReservationWindow = (row: ReservationRow) => ({
  locationId: row.location_id,
  checkIn: new Date(row.check_in_utc),
  checkOut: new Date(row.check_out_utc),
  rateCents: row.rate_cents,
});
