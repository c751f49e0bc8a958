/**
 * `npm run bench -- --only=growth [--scale=0.01]`: the hot paths on years of history (issue 39).
 * A throwaway PostgreSQL cluster (tests/support/postgres-cluster.ts), migrated and seeded by the
 * product's own server on its first start, then three stages measured the same way:
 *   fresh     only the live rows the paths ask about (a few tickets on the lot, monthly tickets);
 *   1 year    plus one year of a garage operator's history (server/testing/growth-history.ts:
 *             ~4.8 M gate tickets, 10.9 M ticket events, 1.5 M payments, 1.4 M idempotency keys,
 *             100 k reservations, 10 k monthly contracts with their months, 50 k customers);
 *   3 years   plus two more years before it.
 * `--scale` multiplies the history (1 = the figures above; 0.01 for a quick look on a shared
 * machine). For each stage: the monthly billing run of the current month (the cycle `npm run
 * billing` runs, timed in this process, on the built-in test processor; the month's periods and
 * claims removed before each stage so every stage bills every running contract), the server's start on that database, then each path's p50/p99 over 300 requests one
 * at a time and 300 at 8 concurrent, each the median of 3 runs (growth-timing.ts), against the
 * budget (p99 ≤ 50 ms one at a time, ≤ 100 ms at 8 concurrent), and the database's size. The load average and date/commit are printed beside them:
 * the machine is shared.
 *
 * Then the signed-in driver's paths (growth-signed-in.ts): receipts and payment history (page 1 and
 * the last page), active reservations, creating a reservation, charging the saved card for a
 * reservation and for a ticket, for a real Auth emulator account with a long history of its own,
 * on a second server that verifies its token against the bench's emulator. `--requests=N` (default
 * 300) per path and run, `--runs=N` (default 3) runs a path; `--write` puts the section, with its scale, into docs/benchmarks.md.
 * Every statement of those paths is also EXPLAINed on generated history by
 * server/db/hot-path-plans.api.test.ts.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { type BillingReport, createBillingCycle } from '../../server/billing/billing-cycle.ts';
import { type Db, openPostgres } from '../../server/db/client.ts';
import { DEV_STAFF_API_KEY, STAFF_KEY_HEADER } from '../../server/parking-system/staff-key.ts';
import { createTestProcessor } from '../../server/payments/test-processor.ts';
import { addLiveRows, countsFor, generateHistory, type LiveRows } from '../../server/testing/growth-history.ts';
import { startPostgresCluster } from '../support/postgres-cluster.ts';
import { startBenchServer } from './bench-server.ts';
import {
  addClaimedTickets, addLongHistory, cancelBenchReservations, createdReservations, handOverBenchCharges, historyOf, LONG_HISTORY, quotes, type SignedInDriver, signedInPaths, startSignedInDriver,
} from './growth-signed-in.ts';
import { CONCURRENCY, type HotPath, pathRows, requestsArg, runsArg, type Row, type Timing, timePath, WARM_UP } from './growth-timing.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const YEAR_MS = 365 * 86_400_000;
const STAFF = { [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY };

function scaleArg(): number {
  const arg = process.argv.find((value) => value.startsWith('--scale='));
  const scale = arg ? Number(arg.slice('--scale='.length)) : 1;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 3) throw new Error(`--scale must be a number in (0, 3], not "${arg}"`);
  return scale;
}

/** The staff and public paths, each request asking about the next live ticket or plate. */
function staffPaths(live: LiveRows): HotPath[] {
  const cycling = (name: string, url: (i: number) => string, headers?: Record<string, string>): HotPath => {
    let i = 0;
    return { name, next: () => ({ url: url(i++), ...(headers ? { headers } : {}) }) };
  };
  return [
    cycling('ticket pricing, paper ticket', (i) => `/parking-system/api/management/tickets/${live.paperTickets[i % live.paperTickets.length]}/rate`, STAFF),
    cycling('ticket pricing, monthly ticket', (i) => `/parking-system/api/management/tickets/${live.monthlyTickets[i % live.monthlyTickets.length]}/rate`, STAFF),
    cycling('tickets by plate', (i) => `/parking-system/api/management/tickets/license-plates/${live.plates[i % live.plates.length]}`, STAFF),
    cycling('locations list', () => '/locations/api/locations'),
  ];
}

/** A path's name without its counts in parentheses: the key of its fresh figure. */
const keyOf = (name: string) => name.replace(/ \(.*$/, '');

/** The billing cycle of `npm run billing` for the current month, in this process on its own connection pool: its wall time and report. */
async function runBilling(databaseUrl: string): Promise<{ seconds: number; report: BillingReport }> {
  const db = await openPostgres(databaseUrl);
  try {
    const now = () => new Date();
    const cycle = createBillingCycle({ db, now, provider: createTestProcessor(db, now), worker: `bench:${process.pid}` });
    const started = performance.now();
    const report = await cycle.runToday();
    return { seconds: (performance.now() - started) / 1000, report };
  } finally {
    await db.close();
  }
}

export async function benchGrowth(): Promise<{ rows: Row[]; lines: string[]; scope: string }> {
  const scale = scaleArg();
  const requests = requestsArg();
  const runs = runsArg();
  const cluster = await startPostgresCluster();
  if (!cluster) throw new Error('PostgreSQL is not installed (npm run test:api installs it)');
  const rows: Row[] = [];
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const lines: string[] = [`${new Date().toISOString()}, commit ${commit}, PostgreSQL ${cluster.version}, scale ${scale}, ${os.cpus().length} cores, load average before ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`];
  try {
    const databaseUrl = cluster.createDatabase('parkfair_growth');
    const env = { DATABASE_URL: databaseUrl, STAFF_API_KEY: DEV_STAFF_API_KEY };
    // The first start migrates and seeds (the product's migrations: every key and check is real).
    await (await startBenchServer(env)).stop();
    const db = await openPostgres(databaseUrl);
    const now = new Date();
    const fresh: Record<string, Timing> = {};
    let driver: SignedInDriver | undefined;
    try {
      driver = await startSignedInDriver(db);
      const stages = [
        { name: 'fresh', tag: 1, from: new Date(now.getTime() - 30 * 86_400_000), to: now, counts: { customers: 20, tickets: 20, payments: 10, idempotencyKeys: 10, reservations: 10, contracts: 20 } },
        { name: '1 year', tag: 2, from: new Date(now.getTime() - YEAR_MS), to: now, counts: countsFor(1, scale) },
        { name: '3 years', tag: 3, from: new Date(now.getTime() - 3 * YEAR_MS), to: new Date(now.getTime() - YEAR_MS), billedUntil: now, counts: countsFor(2, scale) },
      ];
      let live: LiveRows = { paperTickets: [], monthlyTickets: [], plates: [] };
      for (const stage of stages) {
        const generating = performance.now();
        await generateHistory(db, stage, (what) => console.error(`[bench] growth ${stage.name}: ${what} (${((performance.now() - generating) / 1000).toFixed(0)} s)`));
        // The paths ask about the newest run's tickets on the lot (older runs are history).
        if (stage.tag <= 2) live = await addLiveRows(db, stage.tag, now, 50);
        // A bulk load is followed by VACUUM (ANALYZE), as an operator does after an import: the
        // paths are timed on the settled tables autovacuum keeps, not beside its first pass over
        // millions of fresh rows (which would otherwise run through the timings, taking a core).
        const vacuuming = performance.now();
        await db.exec('vacuum (analyze)');
        const vacuumSeconds = (performance.now() - vacuuming) / 1000;
        const [counts] = await db.query<Record<string, number>>(
          `select (select count(*)::int from garage_tickets) as tickets, (select count(*)::int from ticket_events) as events, (select count(*)::int from payments) as payments,
             (select count(*)::int from idempotency_keys) as keys, (select count(*)::int from daily_reservations) as reservations,
             (select count(*)::int from monthly_contracts) as contracts, (select count(*)::int from monthly_contract_periods) as periods`,
        );
        lines.push(`${stage.name}: generated in ${((performance.now() - generating) / 1000).toFixed(1)} s (of which VACUUM (ANALYZE) ${vacuumSeconds.toFixed(1)} s); rows ${JSON.stringify(counts)}`);

        // The month's billing, from scratch each stage (every running contract billed).
        await db.query(
          `delete from monthly_billing_charges where monthly_contract_period_id in (select monthly_contract_period_id from monthly_contract_periods where start_utc >= date_trunc('month', $1::timestamptz at time zone 'America/New_York') at time zone 'America/New_York')`,
          [now],
        );
        await db.query(`delete from monthly_contract_periods where start_utc >= date_trunc('month', $1::timestamptz at time zone 'America/New_York') at time zone 'America/New_York'`, [now]);
        const [running] = await db.query<{ n: number }>(`select count(*)::int as n from monthly_contracts where end_utc is null or end_utc > $1`, [now]);
        const billing = await runBilling(databaseUrl);
        rows.push({ what: `growth ${stage.name}: monthly billing run (${running?.n ?? 0} running contracts)`, budget: '(grows with contracts billed)', measured: `${billing.seconds.toFixed(1)} s`, ok: undefined });
        lines.push(`${stage.name}: billing ${JSON.stringify(billing.report)}`);

        const starting = performance.now();
        const server = await startBenchServer(env);
        const startSeconds = (performance.now() - starting) / 1000;
        rows.push({ what: `growth ${stage.name}: server start (migrations checked, start-up work)`, budget: '', measured: `${startSeconds.toFixed(1)} s`, ok: undefined });
        try {
          for (const hotPath of staffPaths(live)) {
            const { one, eight } = await timePath(server.baseUrl, hotPath, requests, runs);
            if (stage.name === 'fresh') fresh[hotPath.name] = one;
            rows.push(...pathRows(stage.name, hotPath.name, one, eight, fresh[hotPath.name]));
          }
        } finally {
          await server.stop();
        }
        rows.push(...(await benchSignedIn(db, driver, env, stage, now, requests, runs, fresh, lines)));
        const [size] = await db.query<{ bytes: number }>('select pg_database_size(current_database())::bigint as bytes');
        rows.push({ what: `growth ${stage.name}: database size`, budget: '', measured: `${((size?.bytes ?? 0) / 1024 ** 2).toFixed(0)} MB`, ok: undefined });
        lines.push(`${stage.name}: load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
      }
    } finally {
      await driver?.emulator.stop();
      await db.close();
    }
  } finally {
    await cluster.stop();
  }
  return { rows, lines, scope: `scale ${scale} (${scale === 1 ? 'full size' : 'a reduced history'}), ${requests} requests a path one at a time and ${requests} at ${CONCURRENCY} concurrent, each figure the median of ${runs} runs` };
}

/**
 * The signed-in driver's paths at a stage (growth-signed-in.ts): the long-history customer's
 * history topped up to the stage's size, then a server on the bench's Auth emulator.
 */
async function benchSignedIn(
  db: Db, driver: SignedInDriver, env: NodeJS.ProcessEnv, stage: { name: string; tag: number; from: Date; to: Date }, now: Date, requests: number, runs: number, fresh: Record<string, Timing>, lines: string[],
): Promise<Row[]> {
  const rows: Row[] = [];
  const startedAt = new Date();
  await addLongHistory(db, driver.uid, 80 + stage.tag, LONG_HISTORY[stage.name] ?? 0, stage.from, stage.to, now);
  // Each timing (one at a time and 8 concurrent, in every run) warms up first: every request needs its own quote, reservation or ticket.
  const perPath = 2 * runs * (WARM_UP + requests);
  const tickets = await addClaimedTickets(db, driver.uid, stage.tag, perPath, now);
  const history = await historyOf(db, driver.uid);
  lines.push(`${stage.name}: the signed-in customer has ${history.receipts} receipts (${history.payments} payments), ${history.reservations} reservations, ${history.active} active`);
  // Not production: a server on the Auth emulator refuses NODE_ENV=production (server/config.ts).
  const server = await startBenchServer({ ...env, NODE_ENV: 'development', LOG_FORMAT: 'json', FIREBASE_AUTH_EMULATOR_HOST: driver.emulator.host });
  try {
    const created: number[] = [];
    const input = { token: await driver.token(), methodId: driver.methodId, receipts: history.receipts, payments: history.payments, quotes: await quotes(server.baseUrl, db, perPath, now), tickets, created };
    for (const hotPath of signedInPaths(input)) {
      if (hotPath.name.startsWith('charge the saved card for a reservation')) created.push(...(await createdReservations(db, driver.uid, now)));
      const { one, eight } = await timePath(server.baseUrl, hotPath, requests, runs);
      const key = keyOf(hotPath.name);
      if (stage.name === 'fresh') fresh[key] = one;
      rows.push(...pathRows(stage.name, hotPath.name, one, eight, fresh[key]));
    }
  } finally {
    await server.stop();
    await cancelBenchReservations(db, driver.uid, now);
    await handOverBenchCharges(db, driver.uid, startedAt);
  }
  return rows;
}
