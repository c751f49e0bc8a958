/**
 * Seeds the garages, their pictures and their notices (see seed-data/). The compact garage
 * records are expanded here into full Location rows: the SEO texts and the reservation
 * confirmation copy are written from the garage's own address, hours and entrance.
 */
import type { Db } from '../db/client.ts';
import { ALL_GARAGES } from './seed-data/all-garages.ts';
import { seoUrlFor, type GarageSeed } from './seed-data/garage-seed.ts';
import { buildAlerts, buildBlackouts, type NoticeSeed } from './seed-data/notices.ts';
import { imageUriFor, LOCATION_IMAGE_FILES } from './location-image-svg.ts';

async function insertRows(tx: Db, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]) {
  if (rows.length === 0) return;
  const placeholders = rows.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
  await tx.query(`insert into ${table} (${columns.join(', ')}) values ${placeholders.join(', ')}`, rows.flat());
}

export function locationTexts(g: GarageSeed) {
  const oversizeNote = g.oversized
    ? 'Oversized vehicles (SUVs, vans and pickups) are accepted and pay the posted oversize surcharge.'
    : 'This location does not accept Oversized Vehicles.';
  return {
    seoUrl: seoUrlFor(g),
    locationDisplayText: `${g.neighborhood} – ${g.address1}`,
    browserTitle: `Parking at ${g.address1}, ${g.city} | ${g.neighborhood} Garage | ParkFair`,
    seoDescription: `Reserve parking at ${g.address1} (${g.crossStreet.charAt(0).toLowerCase()}${g.crossStreet.slice(1)}) in ${g.neighborhood}, ${g.city}, ${g.state}. ${g.operatingHoursDescription}. Book online with ParkFair and save.`,
    seoKeywords: [`${g.neighborhood} parking`, `${g.city} parking`, `parking near ${g.address1}`, `${g.neighborhood} garage`, 'monthly parking', 'ParkFair'].join(', '),
    reservationConfirmationCopy: `Show this confirmation, printed or on your phone, to the attendant when you arrive. ${g.entrance}. Your reservation covers one vehicle, one entry and one exit between the times booked; staying longer is charged at the posted rate. ${oversizeNote} Questions on the day? Call the garage at ${g.phone1}.`,
  };
}

const LOCATION_COLUMNS = [
  'location_id', 'location_number', 'seo_url', 'location_display_text', 'address1', 'city', 'state', 'zip', 'cross_street',
  'area', 'arena_zone', 'latitude', 'longitude', 'phone1', 'operating_hours_description', 'additional_information',
  'browser_title', 'seo_description', 'seo_keywords', 'reservation_confirmation_copy', 'capacity', 'oversized',
  'ski_data_location', 'bike_parking', 'scooter_parking', 'electric_charging', 'is_close_to_train_station', 'self_parking',
] as const;

function locationRow(g: GarageSeed): unknown[] {
  const t = locationTexts(g);
  return [
    g.locationId, g.locationNumber, t.seoUrl, t.locationDisplayText, g.address1, g.city, g.state, g.zip, g.crossStreet,
    g.area, g.arenaZone ?? false, g.latitude, g.longitude, g.phone1, g.operatingHoursDescription, g.additionalInformation,
    t.browserTitle, t.seoDescription, t.seoKeywords, t.reservationConfirmationCopy, g.capacity, g.oversized,
    g.skiDataLocation, g.bikeParking, g.scooterParking, g.electricCharging, g.isCloseToTrainStation, g.selfParking,
  ];
}

function imageRows(g: GarageSeed): unknown[][] {
  const seoUrl = seoUrlFor(g);
  return LOCATION_IMAGE_FILES.map((file) => [g.locationId, file.assetType, imageUriFor(seoUrl, file.raster?.fileName ?? file.fileName), file.describe(g), file.displayOrder]);
}

const noticeRow = (n: NoticeSeed) => [n.locationId, n.start.toISOString(), n.end.toISOString(), n.allDay, n.message];

export async function seedLocations(tx: Db, now: Date): Promise<void> {
  await insertRows(tx, 'locations', LOCATION_COLUMNS, ALL_GARAGES.map(locationRow));
  await insertRows(tx, 'location_images', ['location_id', 'asset_type', 'asset_uri', 'alt_text', 'display_order'], ALL_GARAGES.flatMap(imageRows));
  const noticeColumns = ['location_id', 'start_date_utc', 'end_date_utc', 'all_day', 'message'];
  await insertRows(tx, 'location_blackouts', noticeColumns, buildBlackouts(now).map(noticeRow));
  await insertRows(tx, 'location_alerts', noticeColumns, buildAlerts(now).map(noticeRow));
}
