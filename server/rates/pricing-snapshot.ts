/**
 * What daily pricing reads, held per process: every garage's facts and parsed rate card, its
 * event rates, blackouts and alerts. The snapshot carries the `pricing_revision` it was read at;
 * triggers bump the revision on any write to the tables involved (migration 0011), so a change
 * made by any process or tool is seen by the next revision check, which reloads the snapshot.
 *
 * Two ways to read it:
 *   current()  checks the revision (one tiny query) on every call: never a stale price. Every
 *              quote that is stored or charged uses it (single-garage calculate, coupons, the
 *              rate board, ticket pricing).
 *   forSearch()  the all-garage search (calculate-multiple), the hot path: checks the revision
 *              at most once per SEARCH_REVISION_CHECK_MS of the injected clock and otherwise
 *              reuses the snapshot. On the embedded database the check costs about 0.5 ms of the
 *              single event loop (a third of a search), so at 200 searches a second checking each
 *              time was the largest cost. A search is therefore at most SEARCH_REVISION_CHECK_MS
 *              (plus one query) behind a change made by any process; the quote the driver then
 *              reserves (calculate, which stores the rate instance) always checks, so a
 *              reservation is never priced from a stale card.
 * One snapshot holder per app instance (tests run several apps on different databases).
 */
import type { Blackout, LocationAlert } from '../../src/contract/locations.ts';
import type { Db } from '../db/client.ts';
import type { EventRateOffer } from './daily-rate.ts';
import { dollarsToCents } from './money.ts';
import { type GarageRow, loadPricingData, loadPricingRevision } from './queries.ts';
import { parseRateCard, type RateCard } from './rate-card.ts';

/** A garage's row, its rate card parsed, with what pricing attaches to it. */
export type PricedGarage = Omit<GarageRow, 'card'> & {
  /** The location summary every rate result carries (shared, never mutated). */
  location: { locationId: number; latitude: number; longitude: number; seoUrl: string; address1: string };
  card: RateCard | null;
  events: EventRateOffer[];
  blackouts: Blackout[];
  alerts: LocationAlert[];
};

export type PricingSnapshot = { revision: number; garages: Map<number, PricedGarage> };

export type PricingSnapshots = {
  /** The snapshot at the current revision (checked now). */
  current(): Promise<PricingSnapshot>;
  /** The snapshot, its revision checked within the last SEARCH_REVISION_CHECK_MS (see above). */
  forSearch(): Promise<PricingSnapshot>;
};

/** How stale a search may be: the longest time between two revision checks on the search path. */
export const SEARCH_REVISION_CHECK_MS = 250;

/** `clock` is the app's clock (tests pin it, so a test decides when the search re-checks). */
export function createPricingSnapshots(db: Db, clock: () => Date = () => new Date()): PricingSnapshots {
  let snapshot: PricingSnapshot | undefined;
  let loading: Promise<PricingSnapshot> | undefined;
  /** When the revision check that produced or confirmed `snapshot` started (ms since epoch). */
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<PricingSnapshot> | undefined;

  async function current(): Promise<PricingSnapshot> {
    const startedAt = clock().getTime();
    const revision = await loadPricingRevision(db);
    if (!snapshot || snapshot.revision !== revision) {
      // Requests arriving during a reload share it rather than each loading everything.
      loading ??= load(db).finally(() => {
        loading = undefined;
      });
      snapshot = await loading;
    }
    // The snapshot is at least as new as the revision read when this check started.
    if (startedAt > checkedAt || startedAt < checkedAt - SEARCH_REVISION_CHECK_MS) checkedAt = startedAt;
    return snapshot;
  }

  return {
    current,
    forSearch() {
      const age = clock().getTime() - checkedAt;
      // A negative age is a clock that went back: check rather than trust it.
      if (snapshot && age >= 0 && age < SEARCH_REVISION_CHECK_MS) return Promise.resolve(snapshot);
      // Searches arriving while a check is under way share it.
      checking ??= current().finally(() => {
        checking = undefined;
      });
      return checking;
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
  if (notices.length === 0) return [];
  return notices.filter((notice) => Date.parse(notice.startDateUtc) < exit.getTime() && Date.parse(notice.endDateUtc) > entry.getTime());
}
