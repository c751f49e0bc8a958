/**
 * The server process: configuration, database (migrated and seeded), the API and the built PWA
 * on one origin. `createServerFromConfig` is also what the API test suites start.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import { startBillingSchedule } from './billing/scheduler.ts';
import { startPruneSchedule } from './maintenance/schedule.ts';
import { type Config, linkOriginFor, parseConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { StartupError } from './db/startup-errors.ts';
import { startDraining } from './health/draining.ts';
import { createFirebaseTokenVerifier } from './lib/auth.ts';
import { requestTimeoutOptions } from './lib/request-timeouts.ts';
import { serveBuiltApp } from './lib/static-files.ts';
import { limitTokenGuessing } from './lib/token-guessing.ts';
import { configureLogging, log } from './lib/logger.ts';
import { startMetricsServer } from './lib/metrics-server.ts';
import { runInContext } from './lib/request-context.ts';
import { reconcileOnStart, startReconcileSchedule } from './payments/reconcile.ts';
import { renderServerPages } from './ssr/render-pages.ts';
import { getPlateEngine } from './plates/engine.ts';
import { warmUpPlaceIndex } from './search/place-index-source.ts';
import { warmUpRateSearch } from './rates/warm-up.ts';

export async function startServer(config: Config) {
  const startedAt = performance.now();
  configureLogging(config); // JSON lines or readable ones, by LOG_FORMAT (server/lib/logger.ts)
  const { db, seeded, where } = await openDatabase(config);
  const deps = { db, config, verifyToken: createFirebaseTokenVerifier(config), now: () => new Date() };
  const api = createApp(deps);
  // Payments a crash left half done are settled with the processor before the first request.
  await reconcileOnStart(deps);
  const root = new Hono();
  root.route('/', api);
  root.use('*', renderServerPages({ distDir: config.distDir, api, origin: linkOriginFor(config), verifyToken: limitTokenGuessing(deps) }));
  root.use('*', serveBuiltApp(config.distDir));
  root.notFound((c) => c.json({ message: 'Not found' }, 404));
  // Load the plate-reading models once, before the first driver scans (about 40 MB), unless the
  // configuration says not to (config.plateWarmUp).
  if (config.plateWarmUp) await getPlateEngine().warmUp();
  // Place autocomplete answers from memory: build the gazetteer's index before the first keystroke.
  await warmUpPlaceIndex(db);
  // Optimise the all-garage rate search's code before the first search (server/rates/warm-up.ts).
  const rateWarmUp = await runInContext({ job: 'warm-up' }, () => warmUpRateSearch(api, deps.now)); // its 400 calls are no traffic: not logged or counted
  log.info(`[rates] search warmed up: ${rateWarmUp.searches} searches in ${rateWarmUp.ms} ms`);
  // Monthly contracts are charged on the 1st by every process; claim rows keep it to once (server/billing).
  const billing = startBillingSchedule(deps);
  const pruning = startPruneSchedule(deps); // expired bookkeeping rows, hourly, one process (server/maintenance)
  const reconciling = startReconcileSchedule(deps); // PostgreSQL: what a crashed process left in flight
  // A trickled request is cut off: headers in 15 s, the whole request in 120 s (server/lib/request-timeouts.ts).
  const server = serve({ fetch: root.fetch, port: config.port, hostname: config.host, serverOptions: requestTimeoutOptions() });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const metrics = config.metricsPort === undefined ? undefined : await startMetricsServer(config.metricsPort); // loopback only
  const ms = Math.round(performance.now() - startedAt);
  log.info(`[server] ParkFair on http://${config.host}:${config.port} (database: ${where}${seeded ? ', seeded now' : ''}; auth: ${config.authEmulatorHost ? `Firebase Auth emulator ${config.authEmulatorHost}` : `Firebase project ${config.firebaseProjectId}`}; payments: ${config.stripeSecretKey ? 'Stripe' : 'built-in test processor'}) ready in ${ms} ms`);
  const stop = async () => {
    // Readiness answers 503 from now on, to requests still arriving on open connections.
    startDraining();
    billing.stop();
    pruning.stop();
    reconciling.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await metrics?.close();
    await db.close();
  };
  return { stop };
}

const isEntryPoint = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  const { stop } = await startServer(parseConfig()).catch((error: unknown) => {
    // A cause the operator can fix (full disk, locked DATA_DIR, wrong DATABASE_URL): one line saying what to do.
    if (!(error instanceof StartupError)) throw error;
    console.error(`[server] ${error.message}`);
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().finally(() => process.exit(0));
    });
  }
}
