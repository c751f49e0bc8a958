/**
 * The locations list, the largest public read (about 100 KB of JSON for 41 garages, 11 KB
 * compressed), held per server process: read, serialised, hashed and compressed once per
 * `locations_revision` (migration 0004), then sent from memory. Each request checks the revision
 * (one tiny query), so a garage changed by any process or tool is in the next answer.
 * One cache per app instance (tests run several apps on different databases).
 */
import type { Db } from '../db/client.ts';
import { prepareJson, type PreparedJson } from '../lib/http-cache.ts';
import { listLocations, loadLocationsRevision } from './queries.ts';

export type LocationsListCache = { current(): Promise<PreparedJson> };

export function createLocationsListCache(db: Db): LocationsListCache {
  let cached: { revision: number; list: PreparedJson } | undefined;
  let loading: { revision: number; list: Promise<PreparedJson> } | undefined;

  async function load(revision: number): Promise<PreparedJson> {
    const list = prepareJson(await listLocations(db));
    // Compress ahead (off the event loop) so the first requests of a revision do not each wait.
    list.encoded('br').catch(() => {});
    list.encoded('gzip').catch(() => {});
    if (!cached || revision >= cached.revision) cached = { revision, list };
    return list;
  }

  return {
    async current() {
      const revision = await loadLocationsRevision(db);
      if (cached?.revision === revision) return cached.list;
      // Requests that saw the same revision share one reload rather than each reading everything.
      if (loading?.revision !== revision) {
        const list = load(revision);
        loading = { revision, list };
        void list.finally(() => {
          if (loading?.list === list) loading = undefined;
        }).catch(() => {});
      }
      return loading.list;
    },
  };
}
