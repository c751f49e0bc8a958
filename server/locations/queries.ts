/**
 * All SQL of the locations service, and the mapping from rows to the contract's camelCase shapes.
 * Locations are read with their images in two queries (the image list is grouped in memory).
 */
import type { Blackout, Location, LocationAlert as Alert, LocationImage } from '../../src/contract/locations.ts';
import type { Db } from '../db/client.ts';
import type { Period } from './notice-period.ts';

type LocationRow = {
  location_id: number; location_number: string; seo_url: string; location_display_text: string; address1: string;
  city: string; state: string; zip: string; cross_street: string; area: Location['area']; latitude: number; longitude: number;
  phone1: string; operating_hours_description: string; additional_information: string; browser_title: string;
  seo_description: string; seo_keywords: string; reservation_confirmation_copy: string; capacity: number; oversized: boolean;
  ski_data_location: boolean; bike_parking: boolean; scooter_parking: boolean; electric_charging: boolean;
  is_close_to_train_station: boolean; self_parking: boolean;
};
type ImageRow = { location_image_id: number; location_id: number; asset_type: LocationImage['assetType']['name']; asset_uri: string; alt_text: string; display_order: number };
type NoticeRow = { id: number; location_id: number; start_date_utc: Date; end_date_utc: Date; all_day: boolean; message: string };

function toLocation(row: LocationRow, images: LocationImage[]): Location {
  return {
    locationId: row.location_id, locationNumber: row.location_number, seoUrl: row.seo_url,
    latitude: row.latitude, longitude: row.longitude, oversized: row.oversized, skiDataLocation: row.ski_data_location,
    images, locationDisplayText: row.location_display_text, address1: row.address1, city: row.city, state: row.state,
    zip: row.zip, crossStreet: row.cross_street, phone1: row.phone1, operatingHoursDescription: row.operating_hours_description,
    additionalInformation: row.additional_information, browserTitle: row.browser_title, seoDescription: row.seo_description,
    seoKeywords: row.seo_keywords, reservationConfirmationCopy: row.reservation_confirmation_copy,
    bikeParking: row.bike_parking, scooterParking: row.scooter_parking, electricCharging: row.electric_charging,
    isCloseToTrainStation: row.is_close_to_train_station, selfParking: row.self_parking, area: row.area, capacity: row.capacity,
  };
}

const toImage = (row: ImageRow): LocationImage => ({
  locationImageId: row.location_image_id, assetType: { name: row.asset_type }, assetURI: row.asset_uri,
  altText: row.alt_text, displayOrder: row.display_order,
});

async function withImages(db: Db, rows: LocationRow[]): Promise<Location[]> {
  if (rows.length === 0) return [];
  const images = await db.query<ImageRow>(
    'select * from location_images where location_id = any($1::int[]) order by location_id, display_order, location_image_id',
    [rows.map((row) => row.location_id)],
  );
  const byLocation = new Map<number, LocationImage[]>();
  for (const image of images) {
    const list = byLocation.get(image.location_id) ?? [];
    list.push(toImage(image));
    byLocation.set(image.location_id, list);
  }
  return rows.map((row) => toLocation(row, byLocation.get(row.location_id) ?? []));
}

export async function listLocations(db: Db): Promise<Location[]> {
  return withImages(db, await db.query<LocationRow>('select * from locations order by location_id'));
}

export async function findLocation(db: Db, locationId: number): Promise<Location | undefined> {
  const [location] = await withImages(db, await db.query<LocationRow>('select * from locations where location_id = $1', [locationId]));
  return location;
}

export async function findLocationByNumber(db: Db, locationNumber: string): Promise<Location | undefined> {
  const [location] = await withImages(db, await db.query<LocationRow>('select * from locations where location_number = $1', [locationNumber]));
  return location;
}

const toBlackout = (row: NoticeRow): Blackout => ({
  blackoutId: row.id, locationId: row.location_id, startDateUtc: row.start_date_utc.toISOString(),
  endDateUtc: row.end_date_utc.toISOString(), allDay: row.all_day, message: row.message,
});
const toAlert = (row: NoticeRow): Alert => ({
  locationAlertMessageId: row.id, locationId: row.location_id, startDateUtc: row.start_date_utc.toISOString(),
  endDateUtc: row.end_date_utc.toISOString(), allDay: row.all_day, message: row.message,
});

const NOTICE_TABLES = {
  blackouts: { table: 'location_blackouts', id: 'blackout_id' },
  alerts: { table: 'location_alerts', id: 'location_alert_message_id' },
} as const;
type NoticeKind = keyof typeof NOTICE_TABLES;

export async function listAllBlackouts(db: Db): Promise<Blackout[]> {
  const rows = await db.query<NoticeRow>(
    'select blackout_id as id, location_id, start_date_utc, end_date_utc, all_day, message from location_blackouts order by start_date_utc, blackout_id',
  );
  return rows.map(toBlackout);
}

export type NoticeSearch = { locationIds: readonly number[]; window: Period; page: number; pageSize: number };
type NoticePage<Item> = { page: number; pageSize: number; totalElementCount: number; results: Item[] };

/** Notices overlapping the window (start < window end and end > window start); no location ids = every location. */
async function searchNotices(db: Db, kind: NoticeKind, search: NoticeSearch): Promise<{ total: number; rows: NoticeRow[] }> {
  const { table, id } = NOTICE_TABLES[kind];
  const where = `start_date_utc < $1 and end_date_utc > $2 and (cardinality($3::int[]) = 0 or location_id = any($3::int[]))`;
  const params = [search.window.end.toISOString(), search.window.start.toISOString(), search.locationIds];
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from ${table} where ${where}`, params);
  const rows = await db.query<NoticeRow>(
    `select ${id} as id, location_id, start_date_utc, end_date_utc, all_day, message from ${table} where ${where}
     order by start_date_utc, ${id} limit $4 offset $5`,
    [...params, search.pageSize, search.page * search.pageSize],
  );
  return { total: count?.total ?? 0, rows };
}

export async function searchBlackouts(db: Db, search: NoticeSearch): Promise<NoticePage<Blackout>> {
  const { total, rows } = await searchNotices(db, 'blackouts', search);
  return { page: search.page, pageSize: search.pageSize, totalElementCount: total, results: rows.map(toBlackout) };
}

export async function searchAlerts(db: Db, search: NoticeSearch): Promise<NoticePage<Alert>> {
  const { total, rows } = await searchNotices(db, 'alerts', search);
  return { page: search.page, pageSize: search.pageSize, totalElementCount: total, results: rows.map(toAlert) };
}

/** Bumped by triggers on any write to locations or their images (migration 0004). */
export async function loadLocationsRevision(db: Db): Promise<number> {
  const [row] = await db.query<{ value: number }>('select value from locations_revision where id = 1');
  return row?.value ?? 0;
}
