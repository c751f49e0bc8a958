/**
 * Reservation demo data: a garage where a reservation can cost nothing, so the reserve screen's
 * $0 path (a Reserve button, no card form) is reachable on a fresh database.
 *
 *   Harmon Meadow (5002, 700 Plaza Dr, Secaucus) sits behind the hotels that send it guests:
 *   it charges no service fee, and hotel guests reserve with `HOTELGUEST` (100 % off daily
 *   parking there only). Every other garage keeps its area's fee, so a 100 % coupon elsewhere
 *   still leaves the fee to pay.
 *
 * Runs after the rates seed (it adjusts that garage's rate card) and, like it, relative to `now`.
 */
import type { Db } from '../db/client.ts';

export const HOST_GARAGE_NUMBER = '5002';
export const HOTEL_GUEST_CODE = 'HOTELGUEST';
const DAY_MS = 86_400_000;

export async function seedReservations(tx: Db, now: Date): Promise<void> {
  const [garage] = await tx.query<{ location_id: number }>('select location_id from locations where location_number = $1', [HOST_GARAGE_NUMBER]);
  if (!garage) return;
  await tx.query(
    `update rate_cards set card = jsonb_set(jsonb_set(card, '{serviceFeeCents}', '0'), '{eventServiceFeeCents}', '0') where location_id = $1`,
    [garage.location_id],
  );
  await tx.query(
    `insert into promotions (promotion_code, promotion_name, promotion_description, legal, applies_to, discount_type, discount_value, valid_from, valid_until, location_ids)
     values ($1, 'Harmon Meadow Hotel Guests', 'Hotel guests park free at 700 Plaza Dr.', $2, 'DAILY', 'PERCENT', 100, $3, $4, array[$5::int])`,
    [
      HOTEL_GUEST_CODE,
      'For guests of the Harmon Meadow hotels, reserving online at 700 Plaza Dr only. One coupon per reservation. No cash value.',
      new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      new Date(now.getTime() + 365 * DAY_MS).toISOString(),
      garage.location_id,
    ],
  );
}
