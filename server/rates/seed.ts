/**
 * Seeds the rates service after the garages exist: a rate board per garage (from its id, area,
 * posted hours and oversize flag), events at nearby venues with their event rates, monthly
 * rates, and the promotions. Everything is derived, so it fits whatever garages were seeded.
 */
import type { LocationArea } from '../../src/contract/locations.ts';
import type { Db } from '../db/client.ts';
import { seedPromotions } from '../promotions/seed.ts';
import { toLocal } from './local-time.ts';
import { toDollars } from './money.ts';
import { parseOperatingHours } from './operating-hours.ts';
import { buildEvents, eventRatesFor } from './seed-events.ts';
import { buildMonthlyRates } from './seed-monthly.ts';
import { buildRateCard } from './seed-rate-cards.ts';

type GarageRow = {
  location_id: number;
  area: LocationArea;
  oversized: boolean;
  scooter_parking: boolean;
  latitude: number;
  longitude: number;
  operating_hours_description: string;
};

export async function seedRates(tx: Db, now: Date): Promise<void> {
  const garages = await tx.query<GarageRow>(
    'select location_id, area, oversized, scooter_parking, latitude, longitude, operating_hours_description from locations order by location_id',
  );
  const cards = garages.map((garage) => {
    // Hours the board cannot read are treated as 24 hours rather than guessed.
    const hours = parseOperatingHours(garage.operating_hours_description) ?? null;
    return buildRateCard({ locationId: garage.location_id, area: garage.area, oversized: garage.oversized, hours });
  });
  await tx.query(
    `insert into rate_cards (location_id, card) select c.location_id, c.card from json_to_recordset($1::json) as c(location_id int, card jsonb)`,
    [JSON.stringify(cards.map((card) => ({ location_id: card.locationId, card })))],
  );

  const spots = garages.map((garage) => ({ locationId: garage.location_id, area: garage.area, latitude: garage.latitude, longitude: garage.longitude }));
  for (const event of buildEvents(now)) {
    const [row] = await tx.query<{ event_id: number }>(
      `insert into events (event_name, venue_name, start_time_utc, end_time_utc, latitude, longitude, event_details)
       values ($1, $2, $3, $4, $5, $6, $7) returning event_id`,
      [event.eventName, event.venueName, event.start.toISOString(), event.end.toISOString(), event.latitude, event.longitude, event.eventDetails],
    );
    const rates = eventRatesFor(event, spots).map((rate) => ({ event_id: row?.event_id, location_id: rate.locationId, price: toDollars(rate.cents) }));
    if (rates.length === 0) continue;
    await tx.query(
      `insert into event_rates (event_id, location_id, price) select r.event_id, r.location_id, r.price from json_to_recordset($1::json) as r(event_id int, location_id int, price numeric)`,
      [JSON.stringify(rates)],
    );
  }

  const today = toLocal(now).date;
  const monthly = garages.flatMap((garage) =>
    buildMonthlyRates(
      { locationId: garage.location_id, area: garage.area, oversized: garage.oversized, scooterParking: garage.scooter_parking, isOpen24Hours: parseOperatingHours(garage.operating_hours_description) === null },
      today,
    ).map((rate) => ({
      location_id: rate.locationId,
      group_name: rate.groupName,
      description: rate.description,
      rate: toDollars(rate.rateCents),
      oversize_rate: toDollars(rate.oversizeRateCents),
      service_fee: toDollars(rate.serviceFeeCents),
      exit_fee: toDollars(rate.exitFeeCents),
      rate_code: rate.rateCode,
      length_of_initial_term: rate.lengthOfInitialTerm,
      restrictions: rate.restrictions,
      rate_availability_time_description: rate.rateAvailabilityTimeDescription,
      use_as_default: rate.useAsDefault,
      active_from: rate.activeFrom.toString(),
      active_until: rate.activeUntil?.toString() ?? null,
    })),
  );
  await tx.query(
    `insert into monthly_rates (location_id, group_name, description, rate, oversize_rate, service_fee, exit_fee, rate_code, length_of_initial_term,
       restrictions, rate_availability_time_description, use_as_default, active_from, active_until)
     select m.location_id, m.group_name, m.description, m.rate, m.oversize_rate, m.service_fee, m.exit_fee, m.rate_code, m.length_of_initial_term,
       m.restrictions, m.rate_availability_time_description, m.use_as_default, m.active_from, m.active_until
     from json_to_recordset($1::json) as m(location_id int, group_name text, description text, rate numeric, oversize_rate numeric, service_fee numeric,
       exit_fee numeric, rate_code text, length_of_initial_term int, restrictions text, rate_availability_time_description text, use_as_default boolean,
       active_from date, active_until date)`,
    [JSON.stringify(monthly)],
  );

  await seedPromotions(tx, now);
}
