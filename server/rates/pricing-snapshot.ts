/**
 * What daily pricing reads, held per process: every garage's facts and parsed rate card, its
 * event rates, blackouts and alerts. The snapshot carries the `pricing_revision` it was read at;
 * each request reads the current revision (one tiny query) and reloads only when it moved.
 * Triggers bump the revision on any write to the tables involved (migration 0011), so a change
 * made by any process or tool is seen on the next request: no TTL, never a stale price.
 * One snapshot holder per app instance (tests run several apps on different databases).
 */
import type { Blackout, LocationAlert, LocationArea } from '../../src/contract/locations.ts';
import type { Db } from '../db/client.ts';
import type { EventRateOffer } from './daily-rate.ts';
import { dollarsToCents } from './money.ts';
import { loadPricingData, loadPricingRevision } from './queries.ts';
import { parseRateCard, type RateCard } from './rate-card.ts';

export type PricedGarage = {
  locationId: number;
  area: LocationArea;
  arenaZone: boolean;
  oversized: boolean;
  latitude: number;
  longitude: number;
  seoUrl: string;
  address1: string;
  /** The location summary every rate result carries (shared, never mutated). */
  location: { locationId: number; latitude: number; longitude: number; seoUrl: string; address1: string };
  hoursText: string;
  card: RateCard | null;
  events: EventRateOffer[];
  blackouts: Blackout[];
  alerts: LocationAlert[];
};

export type PricingSnapshot = { revision: number; garages: Map<number, PricedGarage> };

export type PricingSnapshots = { current(): Promise<PricingSnapshot> };

export function createPricingSnapshots(db: Db): PricingSnapshots {
  let snapshot: PricingSnapshot | undefined;
  let loading: Promise<PricingSnapshot> | undefined;
  return {
    async current() {
      const revision = await loadPricingRevision(db);
      if (snapshot && snapshot.revision === revision) return snapshot;
      // Requests arriving during a reload share it rather than each loading everything.
      loading ??= load(db).finally(() => {
        loading = undefined;
      });
      snapshot = await loading;
      return snapshot;
    },
  };
}

async function load(db: Db): Promise<PricingSnapshot> {
  const data = await loadPricingData(db);
  const garages = new Map<number, PricedGarage>();
  for (const row of data.garages) {
    const location = { locationId: row.locationId, latitude: row.latitude, longitude: row.longitude, seoUrl: row.seoUrl, address1: row.address1 };
    garages.set(row.locationId, { ...row, location, card: row.card === null ? null : parseRateCard(row.card), events: [], blackouts: [], alerts: [] });
  }
  for (const event of data.events) {
    garages.get(event.locationId)?.events.push({
      eventRateId: event.eventRateId, eventId: event.eventId, eventName: event.eventName, venueName: event.venueName,
      startTime: new Date(event.startTimeUtc), cents: dollarsToCents(event.price),
    });
  }
  for (const blackout of data.blackouts) garages.get(blackout.locationId)?.blackouts.push(blackout);
  for (const alert of data.alerts) garages.get(alert.locationId)?.alerts.push(alert);
  return { revision: data.revision, garages };
}

/** Notices whose period overlaps the stay [entry, exit). */
export function overlapping<Notice extends { startDateUtc: string; endDateUtc: string }>(notices: readonly Notice[], entry: Date, exit: Date): Notice[] {
  return notices.filter((notice) => Date.parse(notice.startDateUtc) < exit.getTime() && Date.parse(notice.endDateUtc) > entry.getTime());
}
