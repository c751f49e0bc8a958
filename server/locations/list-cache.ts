/**
 * The locations list, the largest public read (about 100 KB of JSON for 41 garages, 8 KB with
 * brotli), held per server process: read, serialised, hashed and compressed once per
 * `locations_revision` (migration 0004), then sent from memory.
 *
 * The revision is checked at most once per REVISION_CHECK_MS of real time, and requests arriving
 * while a check is under way share it: on the embedded database a check costs about 0.3 ms of
 * the single event loop, a quarter of serving the list, so checking on every request was the
 * largest cost at 400 requests a second. A garage changed by any process or tool is therefore in
 * the answers at most REVISION_CHECK_MS (plus one query) later; nothing priced or charged reads
 * this list (pricing has its own snapshot, server/rates/pricing-snapshot.ts).
 * One cache per app instance (tests run several apps on different databases).
 */
import type { Db } from '../db/client.ts';
import { prepareJson, type PreparedJson } from '../lib/http-cache.ts';
import { listLocations, loadLocationsRevision } from './queries.ts';

/** How stale the list may be after a change: the longest time between two revision checks. */
export const REVISION_CHECK_MS = 250;

export type LocationsListCache = { current(): Promise<PreparedJson> };

export function createLocationsListCache(db: Db): LocationsListCache {
  let cached: { revision: number; list: PreparedJson; checkedAt: number } | undefined;
  let checking: Promise<PreparedJson> | undefined;

  async function check(): Promise<PreparedJson> {
    const startedAt = performance.now();
    const revision = await loadLocationsRevision(db);
    if (cached?.revision === revision) {
      cached.checkedAt = startedAt;
      return cached.list;
    }
    const list = prepareJson(await listLocations(db));
    // Compress ahead (off the event loop) so the first requests of a revision do not each wait.
    list.encoded('br').catch(() => {});
    list.encoded('gzip').catch(() => {});
    cached = { revision, list, checkedAt: startedAt };
    return list;
  }

  return {
    current() {
      // performance.now() is monotonic: a clock set back cannot make the list look fresh.
      if (cached && performance.now() - cached.checkedAt < REVISION_CHECK_MS) return Promise.resolve(cached.list);
      checking ??= check().finally(() => {
        checking = undefined;
      });
      return checking;
    },
  };
}
