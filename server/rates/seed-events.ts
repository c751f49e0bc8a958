/**
 * Seeded events at real venues in our area, placed on the days after "now" at their usual
 * start times (New York time), and the event rates of the garages near each venue: every
 * garage within a mile, or the nearest garage within 2 miles when none is that close.
 * MetLife Stadium is left out: none of our garages serve it.
 */
import type { LocationArea } from '../../src/contract/locations.ts';
import { atLocalMinute, toLocal } from './local-time.ts';
import type { Cents } from './money.ts';

type Venue = { name: string; latitude: number; longitude: number; address: string };

const VENUES = {
  msg: { name: 'Madison Square Garden', latitude: 40.7505, longitude: -73.9934, address: '4 Pennsylvania Plaza, New York, NY' },
  radioCity: { name: 'Radio City Music Hall', latitude: 40.76, longitude: -73.98, address: '1260 6th Ave, New York, NY' },
  barclays: { name: 'Barclays Center', latitude: 40.6826, longitude: -73.9754, address: '620 Atlantic Ave, Brooklyn, NY' },
  prudential: { name: 'Prudential Center', latitude: 40.7334, longitude: -74.1711, address: '25 Lafayette St, Newark, NJ' },
  redBull: { name: 'Red Bull Arena', latitude: 40.7368, longitude: -74.1503, address: '600 Cape May St, Harrison, NJ' },
} satisfies Record<string, Venue>;

type EventSeed = { venue: Venue; name: string; dayOffset: number; startMinute: number; hours: number; details: string };

const EVENTS: EventSeed[] = [
  { venue: VENUES.msg, name: 'New York Knicks vs. Boston Celtics', dayOffset: 0, startMinute: 19 * 60 + 30, hours: 3, details: 'NBA regular season. Doors open 90 minutes before tip-off.' },
  { venue: VENUES.radioCity, name: 'Christmas Spectacular Starring the Radio City Rockettes', dayOffset: 1, startMinute: 19 * 60, hours: 2, details: 'The holiday show, several performances daily through early January.' },
  { venue: VENUES.barclays, name: 'Brooklyn Nets vs. Toronto Raptors', dayOffset: 2, startMinute: 19 * 60 + 30, hours: 3, details: 'NBA regular season at Barclays Center, Atlantic Ave & Flatbush Ave.' },
  { venue: VENUES.prudential, name: 'New Jersey Devils vs. New York Rangers', dayOffset: 3, startMinute: 19 * 60, hours: 3, details: 'NHL regular season at the Rock. Arena-district event parking rates apply.' },
  { venue: VENUES.msg, name: 'New York Rangers vs. Pittsburgh Penguins', dayOffset: 4, startMinute: 19 * 60, hours: 3, details: 'NHL regular season at the Garden.' },
  { venue: VENUES.redBull, name: 'New York Red Bulls: Eastern Conference Final', dayOffset: 5, startMinute: 14 * 60, hours: 2, details: 'MLS Cup Playoffs. PATH to Harrison is the quickest way from Newark Penn.' },
  { venue: VENUES.prudential, name: 'Winter Jam Concert', dayOffset: 6, startMinute: 20 * 60, hours: 3, details: 'Concert at Prudential Center. Arena-district event parking rates apply.' },
  { venue: VENUES.barclays, name: 'New York Liberty Holiday Fan Fest', dayOffset: 8, startMinute: 12 * 60, hours: 4, details: 'Family fan event at Barclays Center.' },
  { venue: VENUES.radioCity, name: 'Christmas Spectacular: New Year\'s Week', dayOffset: 35, startMinute: 14 * 60, hours: 2, details: 'Matinee performance.' },
];

/** Event rate by area (a flat price for the evening). */
const EVENT_PRICE: Record<LocationArea, Cents> = { manhattan: 5000, brooklyn: 4000, 'jersey-city': 3000, newark: 3000, secaucus: 2500 };

const NEARBY_METERS = 1609;
const FALLBACK_METERS = 3219;

export type SeedEvent = { eventName: string; venueName: string; start: Date; end: Date; latitude: number; longitude: number; eventDetails: string };
export type GarageSpot = { locationId: number; area: LocationArea; latitude: number; longitude: number };

export function buildEvents(now: Date): SeedEvent[] {
  const today = toLocal(now).date;
  return EVENTS.map((event) => {
    const start = atLocalMinute(today.add({ days: event.dayOffset }), event.startMinute);
    return {
      eventName: event.name,
      venueName: event.venue.name,
      start,
      end: new Date(start.getTime() + event.hours * 3_600_000),
      latitude: event.venue.latitude,
      longitude: event.venue.longitude,
      eventDetails: `${event.details} ${event.venue.name}, ${event.venue.address}.`,
    };
  });
}

/** Great-circle distance in metres. */
export function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 6_371_000 * 2 * Math.asin(Math.sqrt(h));
}

/** The garages that post an event rate for an event, with their price. */
export function eventRatesFor(event: SeedEvent, garages: readonly GarageSpot[]): { locationId: number; cents: Cents }[] {
  const byDistance = garages.map((garage) => ({ garage, meters: distanceMeters(event, garage) })).sort((a, b) => a.meters - b.meters);
  let chosen = byDistance.filter((entry) => entry.meters <= NEARBY_METERS);
  if (chosen.length === 0) chosen = byDistance.slice(0, 1).filter((entry) => entry.meters <= FALLBACK_METERS);
  return chosen.map(({ garage, meters }) => ({
    locationId: garage.locationId,
    // Closer garages charge more: $5 off beyond half a mile.
    cents: EVENT_PRICE[garage.area] - (meters > 805 ? 500 : 0),
  }));
}
