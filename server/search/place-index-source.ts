/**
 * A database's place index (place-index.ts): built from the `places` and `place_names` tables
 * on first use — the server builds it before it listens (main.ts) — and rebuilt when the tables
 * change. Only the seed writes them (seed.ts, as a process opens the database), so:
 * - on PGlite one process owns the data directory and seeds it before the index is built, so
 *   nothing can change under a running server: no checks (a scan of the tables there would
 *   block the event loop for ~25 ms);
 * - on PostgreSQL another process (another server, a script) may write them, so each process looks every 30 s, off the request
 *   path, for a change in the tables' fingerprint (row counts and the sum of the rows' `xmin`,
 *   the transaction that wrote each: an insert, update or delete changes one of them) and swaps
 *   in a new index if there is one. Requests keep the old index meanwhile.
 * `refresh()` does the check at once (the API test, or code that writes the tables).
 */
import type { Db } from '../db/client.ts';
import { log } from '../lib/logger.ts';
import { type IndexedPlace, PlaceIndex, type PlaceIndexStats } from './place-index.ts';

const CHECK_EVERY_MS = 30_000;

export type PlaceIndexBuild = {
  index: PlaceIndex;
  /** 1 for the first build, then one more for each rebuild: answers cached from an older index are stale. */
  generation: number;
  fingerprint: string;
  buildMs: number;
  /** Growth of the JS heap (plus array buffers) over the build: what the index holds. */
  heapBytes: number;
  /** Whether `heapBytes` was measured between full collections (`--expose-gc`), else it is rough. */
  heapExact: boolean;
};

type PlaceDbRow = { place_id: string; name: string; secondary: string; kind: IndexedPlace['kind']; importance: number; latitude: number; longitude: number };
type NameDbRow = { place_id: string; search_name: string; house_number: string | null };

async function fingerprintOf(db: Db): Promise<string> {
  const [row] = await db.query<Record<string, number>>(
    `select (select count(*) from places) as places, (select coalesce(sum(xmin::text::bigint), 0) from places) as place_versions,
            (select count(*) from place_names) as names, (select coalesce(sum(xmin::text::bigint), 0) from place_names) as name_versions`,
  );
  return JSON.stringify(row);
}

/**
 * Heap and array buffers in use. With `--expose-gc` (the bench starts the server so) a full
 * collection first makes the difference around a build exactly what the index keeps; without
 * it the figure is rough (garbage of the build counted or collected midway).
 */
function memoryInUse(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
}

async function readAndIndex(db: Db): Promise<{ index: PlaceIndex; buildMs: number }> {
  const [places, names] = await Promise.all([
    db.query<PlaceDbRow>('select place_id, name, secondary, kind, importance, latitude, longitude from places'),
    db.query<NameDbRow>('select place_id, search_name, house_number from place_names'),
  ]);
  const startedAt = performance.now();
  const index = new PlaceIndex(
    places.map((p) => ({ id: p.place_id, name: p.name, secondary: p.secondary, kind: p.kind, importance: p.importance, latitude: p.latitude, longitude: p.longitude })),
    names.map((n) => ({ placeId: n.place_id, searchName: n.search_name, houseNumber: n.house_number })),
  );
  return { index, buildMs: performance.now() - startedAt };
}

async function buildFrom(db: Db, generation: number): Promise<PlaceIndexBuild> {
  const fingerprint = await fingerprintOf(db); // before the rows: a change after it is seen at the next check
  const memoryBefore = memoryInUse();
  const { index, buildMs } = await readAndIndex(db);
  return { index, generation, fingerprint, buildMs, heapBytes: memoryInUse() - memoryBefore, heapExact: 'gc' in globalThis };
}

export class PlaceIndexSource {
  private build: Promise<PlaceIndexBuild> | undefined;
  private checkedAt = 0;
  private check: Promise<PlaceIndexBuild> | undefined;

  constructor(private readonly db: Db) {}

  /** The current index (built now if this is the first call); starts a change check when one is due. */
  async current(): Promise<PlaceIndexBuild> {
    const build = await this.built();
    if (this.db.kind === 'postgres' && !this.check && Date.now() - this.checkedAt >= CHECK_EVERY_MS) {
      void this.refresh().catch((error: unknown) => {
        // A closed database (shutdown, the end of a test) or a failed read: keep serving the index we have.
        log.warn(`[search] place index check failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    return build;
  }

  /** Compares the tables' fingerprint with the index's and rebuilds the index if they differ. */
  refresh(): Promise<PlaceIndexBuild> {
    this.check ??= (async () => {
      try {
        const build = await this.built();
        if ((await fingerprintOf(this.db)) === build.fingerprint) return build;
        const next = await this.rebuild(build.generation + 1);
        this.build = Promise.resolve(next);
        log.info(`[search] gazetteer changed: place index rebuilt (${describe(next.index.stats)}) in ${Math.round(next.buildMs)} ms`);
        return next;
      } finally {
        this.checkedAt = Date.now();
        this.check = undefined;
      }
    })();
    return this.check;
  }

  private built(): Promise<PlaceIndexBuild> {
    // A failed first build is not kept: the next request tries again.
    return (this.build ??= this.rebuild(1).catch((error: unknown) => {
      this.build = undefined;
      throw error;
    }));
  }

  private async rebuild(generation: number): Promise<PlaceIndexBuild> {
    const build = await buildFrom(this.db, generation);
    this.checkedAt = Date.now();
    return build;
  }
}

const describe = (stats: PlaceIndexStats) => `${stats.places} places, ${stats.names} names of which ${stats.addresses} addresses`;

/** One source per database, shared by the search routes and the server's warm-up. */
const sources = new WeakMap<Db, PlaceIndexSource>();
export function placeIndexOf(db: Db): PlaceIndexSource {
  let source = sources.get(db);
  if (!source) sources.set(db, (source = new PlaceIndexSource(db)));
  return source;
}

/** Builds the index before the server listens, so the first visitor does not wait for it; logs its size and build time. */
export async function warmUpPlaceIndex(db: Db): Promise<void> {
  const startedAt = performance.now();
  const build = await placeIndexOf(db).current();
  const totalMs = Math.round(performance.now() - startedAt);
  log.info(
    `[search] place index: ${describe(build.index.stats)}; built in ${Math.round(build.buildMs)} ms (${totalMs} ms with reading the tables), ${build.heapExact ? '' : '~'}${(build.heapBytes / 1_048_576).toFixed(1)} MB of memory${build.heapExact ? ' (between full GCs)' : ' (rough: no --expose-gc)'}`,
  );
}
