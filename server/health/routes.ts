/**
 * Health for load balancers and orchestrators (decision 0106):
 * - `GET /healthz/live`: liveness, 200 while the event loop turns; touches nothing else, so a
 *   sick database never gets the process restarted.
 * - `GET /healthz/ready`: readiness (server/health/readiness.ts): 200 when a bounded test write
 *   commits, the migrations are current and the embedded database's disk has room, 503 with `{ status, reason, message }` otherwise and
 *   while draining after SIGTERM.
 * - `GET /healthz`: what load balancers were told to use, so now readiness too; its 200 body is
 *   unchanged (`status`, `database`, `locations`).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Deps } from '../deps.ts';
import { log } from '../lib/logger.ts';
import { checkReadiness, expectedMigrations, type Readiness } from './readiness.ts';

export function createHealthApi({ db, config }: Deps) {
  const expected = expectedMigrations();
  const diskDir = db.kind === 'pglite' && !config.databaseUrl ? config.dataDir : undefined;
  let lastReported = 'ready';

  /** The 503 for a failed check; its cause is logged once per change, not on every poll. */
  const unavailable = (c: Context, result: Exclude<Readiness, { ready: true }>) => {
    const report = `${result.reason}: ${result.message}${result.detail ? ` (${result.detail})` : ''}`;
    if (report !== lastReported) log.warn(`[health] not ready — ${report}`);
    lastReported = report;
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'unavailable', reason: result.reason, message: result.message }, 503);
  };
  const ready = async (c: Context) => {
    const result = await checkReadiness(db, expected, undefined, diskDir);
    if (!result.ready) return { failed: unavailable(c, result) };
    if (lastReported !== 'ready') log.info('[health] ready again');
    lastReported = 'ready';
    c.header('Cache-Control', 'no-store');
    return { failed: undefined };
  };

  return new Hono()
    .get('/live', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' });
    })
    .get('/ready', async (c) => {
      const { failed } = await ready(c);
      return failed ?? c.json({ status: 'ok', database: db.kind });
    })
    .get('/', async (c) => {
      const { failed } = await ready(c);
      if (failed) return failed;
      const [row] = await db.query<{ locations: number }>('select count(*)::int as locations from locations');
      return c.json({ status: 'ok', database: db.kind, locations: row?.locations ?? 0 });
    });
}
