/**
 * The rates service's SQL, in one place. Daily pricing reads its data through a per-process
 * snapshot (pricing-snapshot.ts): the revision check is one tiny query per request, and the
 * full load (five queries, no parameters) runs only when something it reads has changed.
 */
import type { Blackout, LocationAlert, LocationArea } from '../../src/contract/locations.ts';
import type { RateEvent } from '../../src/contract/rates.ts';
import type { Db } from '../db/client.ts';

const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function loadPricingRevision(db: Db): Promise<number> {
  const [row] = await db.query<{ value: number }>('select value from pricing_revision where id = 1');
  return row?.value ?? 0;
}

export type GarageRow = {
  locationId: number;
  area: LocationArea;
  arenaZone: boolean;
  oversized: boolean;
  latitude: number;
  longitude: number;
  seoUrl: string;
  address1: string;
  hoursText: string;
  /** null: the garage has no rate card (no online rates). */
  card: unknown;
};

export type EventRateRow = { locationId: number; eventRateId: number; eventId: number; eventName: string; venueName: string; startTimeUtc: string; price: number };

/** Everything daily pricing reads, for every garage, read in one transaction so it is consistent. */
export async function loadPricingData(db: Db) {
  return db.transaction(async (tx) => {
    const [revision] = await tx.query<{ value: number }>('select value from pricing_revision where id = 1');
    const garages = await tx.query<GarageRow>(
      `select l.location_id as "locationId", l.area, l.arena_zone as "arenaZone", l.oversized, l.latitude, l.longitude, l.seo_url as "seoUrl",
         l.address1, l.operating_hours_description as "hoursText", rc.card
       from locations l left join rate_cards rc on rc.location_id = l.location_id`,
    );
    const events = await tx.query<EventRateRow>(
      `select er.location_id as "locationId", er.event_rate_id as "eventRateId", e.event_id as "eventId", e.event_name as "eventName",
         e.venue_name as "venueName", ${ISO('e.start_time_utc')} as "startTimeUtc", er.price
       from event_rates er join events e on e.event_id = er.event_id`,
    );
    const blackouts = await tx.query<Blackout>(
      `select blackout_id as "blackoutId", location_id as "locationId", ${ISO('start_date_utc')} as "startDateUtc", ${ISO('end_date_utc')} as "endDateUtc",
         all_day as "allDay", message from location_blackouts order by start_date_utc, blackout_id`,
    );
    const alerts = await tx.query<LocationAlert>(
      `select location_alert_message_id as "locationAlertMessageId", location_id as "locationId", ${ISO('start_date_utc')} as "startDateUtc",
         ${ISO('end_date_utc')} as "endDateUtc", all_day as "allDay", message from location_alerts order by start_date_utc, location_alert_message_id`,
    );
    return { revision: revision?.value ?? 0, garages, events, blackouts, alerts };
  });
}

/** A rate instance row as the reservation service reads it (money in dollars). */
export type RateInstanceRow = {
  rateInstanceId: string;
  locationId: number;
  rateId: number;
  entryTimeUtc: string;
  exitTimeUtc: string;
  rateDuration: number;
  price: number;
  tax: number;
  rateWithTax: number;
  serviceFeeAmount: number;
  oversizeRate: number;
  oversizeSurcharge: number;
  oversizedServiceFeeAmount: number;
  noOversized: boolean;
  rateMessage: string;
  timeDescription: string;
  isEventRate: boolean;
  eventId: number | null;
  appliedPromotionCode: string | null;
  discountAmount: number;
};

/** Inserts instances in one statement; an instance already stored (same content, same id) is left as it is. */
export async function saveRateInstances(db: Db, instances: readonly RateInstanceRow[]): Promise<void> {
  if (instances.length === 0) return;
  await db.query(
    `insert into rate_instances (rate_instance_id, location_id, rate_id, entry_time_utc, exit_time_utc, rate_duration, price, tax, rate_with_tax,
       service_fee_amount, oversize_rate, oversize_surcharge, oversized_service_fee_amount, no_oversized, rate_message, time_description,
       is_event_rate, event_id, applied_promotion_code, discount_amount)
     select r."rateInstanceId", r."locationId", r."rateId", r."entryTimeUtc", r."exitTimeUtc", r."rateDuration", r.price, r.tax, r."rateWithTax",
       r."serviceFeeAmount", r."oversizeRate", r."oversizeSurcharge", r."oversizedServiceFeeAmount", r."noOversized", r."rateMessage", r."timeDescription",
       r."isEventRate", r."eventId", r."appliedPromotionCode", r."discountAmount"
     from json_to_recordset($1::json) as r("rateInstanceId" uuid, "locationId" int, "rateId" int, "entryTimeUtc" timestamptz, "exitTimeUtc" timestamptz,
       "rateDuration" int, price numeric, tax numeric, "rateWithTax" numeric, "serviceFeeAmount" numeric, "oversizeRate" numeric,
       "oversizeSurcharge" numeric, "oversizedServiceFeeAmount" numeric, "noOversized" boolean, "rateMessage" text, "timeDescription" text,
       "isEventRate" boolean, "eventId" int, "appliedPromotionCode" text, "discountAmount" numeric)
     on conflict (rate_instance_id) do nothing`,
    [JSON.stringify(instances)],
  );
}

export async function findRateInstance(db: Db, rateInstanceId: string): Promise<RateInstanceRow | undefined> {
  const [row] = await db.query<RateInstanceRow>(
    `select rate_instance_id as "rateInstanceId", location_id as "locationId", rate_id as "rateId", ${ISO('entry_time_utc')} as "entryTimeUtc",
       ${ISO('exit_time_utc')} as "exitTimeUtc", rate_duration as "rateDuration", price, tax, rate_with_tax as "rateWithTax",
       service_fee_amount as "serviceFeeAmount", oversize_rate as "oversizeRate", oversize_surcharge as "oversizeSurcharge",
       oversized_service_fee_amount as "oversizedServiceFeeAmount", no_oversized as "noOversized", rate_message as "rateMessage",
       time_description as "timeDescription", is_event_rate as "isEventRate", event_id as "eventId",
       applied_promotion_code as "appliedPromotionCode", discount_amount as "discountAmount"
     from rate_instances where rate_instance_id = $1::uuid`,
    [rateInstanceId],
  );
  return row;
}

const eventColumns = (t: string) => `${t}.event_id as "eventId", ${t}.event_name as "eventName", ${t}.venue_name as "venueName",
  ${ISO(`${t}.start_time_utc`)} as "startTimeUtc", ${ISO(`${t}.end_time_utc`)} as "endTimeUtc", ${t}.latitude, ${t}.longitude,
  ${t}.event_details as "eventDetails"`;

export async function findEvent(db: Db, eventId: number): Promise<RateEvent | undefined> {
  const [row] = await db.query<RateEvent>(`select ${eventColumns('e')} from events e where e.event_id = $1`, [eventId]);
  return row;
}

export async function listEventLocationIds(db: Db, eventId: number): Promise<number[]> {
  const rows = await db.query<{ locationId: number }>('select location_id as "locationId" from event_rates where event_id = $1 order by price desc, location_id', [eventId]);
  return rows.map((row) => row.locationId);
}

/** Upcoming events with a rate at this garage (for its rate board). */
export async function listUpcomingEventRates(db: Db, locationId: number, from: Date): Promise<(RateEvent & { price: number })[]> {
  return db.query(
    `select ${eventColumns('e')}, er.price
     from events e join event_rates er on er.event_id = e.event_id
     where er.location_id = $1 and e.end_time_utc > $2 order by e.start_time_utc limit 10`,
    [locationId, from.toISOString()],
  );
}
