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
 * at a time and 300 at 8 concurrent, against the budget (p99 ≤ 50 ms one at a time, ≤ 100 ms at 8
 * concurrent), and the database's size. The load average and date/commit are printed beside them:
 * the machine is shared.
 *
 * The signed-in paths (payment history, active reservations, create a reservation, charge a saved
 * card) are not driven here: their statements' plans are checked on generated history by
 * server/db/hot-path-plans.api.test.ts.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { type BillingReport, createBillingCycle } from '../../server/billing/billing-cycle.ts';
import { openPostgres } from '../../server/db/client.ts';
import { DEV_STAFF_API_KEY, STAFF_KEY_HEADER } from '../../server/parking-system/staff-key.ts';
import { createTestProcessor } from '../../server/payments/test-processor.ts';
import { addLiveRows, countsFor, generateHistory, type LiveRows } from '../../server/testing/growth-history.ts';
import { startPostgresCluster } from '../support/postgres-cluster.ts';
import { startBenchServer } from './bench-server.ts';

type Row = { what: string; budget: string; measured: string; ok: boolean | undefined };

const ROOT = path.resolve(import.meta.dirname, '../..');
const REQUESTS = 300;
const CONCURRENCY = 8;
const BUDGET_ONE_MS = 50;
const BUDGET_CONCURRENT_MS = 100;
const YEAR_MS = 365 * 86_400_000;
const STAFF = { [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function scaleArg(): number {
  const arg = process.argv.find((value) => value.startsWith('--scale='));
  const scale = arg ? Number(arg.slice('--scale='.length)) : 1;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 3) throw new Error(`--scale must be a number in (0, 3], not "${arg}"`);
  return scale;
}

type Path = { name: string; url: (live: LiveRows, i: number) => string; headers?: Record<string, string> };

const PATHS: Path[] = [
  { name: 'ticket pricing, paper ticket', url: (live, i) => `/parking-system/api/management/tickets/${live.paperTickets[i % live.paperTickets.length]}/rate`, headers: STAFF },
  { name: 'ticket pricing, monthly ticket', url: (live, i) => `/parking-system/api/management/tickets/${live.monthlyTickets[i % live.monthlyTickets.length]}/rate`, headers: STAFF },
  { name: 'tickets by plate', url: (live, i) => `/parking-system/api/management/tickets/license-plates/${live.plates[i % live.plates.length]}`, headers: STAFF },
  { name: 'locations list', url: () => '/locations/api/locations' },
];

type Timing = { p50: number; p99: number; failed: number };

async function timeRequests(baseUrl: string, path: Path, live: LiveRows, concurrency: number): Promise<Timing> {
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < REQUESTS; i = next++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path.url(live, i)}`, { headers: path.headers ?? {} });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (!response.ok) failed += 1;
    }
  };
  // Warm-up: the first requests compile code paths and fill caches.
  for (let i = 0; i < 10; i += 1) await (await fetch(`${baseUrl}${path.url(live, i)}`, { headers: path.headers ?? {} })).arrayBuffer();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), failed };
}

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

export async function benchGrowth(): Promise<{ rows: Row[]; lines: string[] }> {
  const scale = scaleArg();
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
    try {
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
        else await db.exec('analyze');
        const [counts] = await db.query<Record<string, number>>(
          `select (select count(*)::int from garage_tickets) as tickets, (select count(*)::int from ticket_events) as events, (select count(*)::int from payments) as payments,
             (select count(*)::int from idempotency_keys) as keys, (select count(*)::int from daily_reservations) as reservations,
             (select count(*)::int from monthly_contracts) as contracts, (select count(*)::int from monthly_contract_periods) as periods`,
        );
        lines.push(`${stage.name}: generated in ${((performance.now() - generating) / 1000).toFixed(1)} s; rows ${JSON.stringify(counts)}`);

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
          for (const hotPath of PATHS) {
            const one = await timeRequests(server.baseUrl, hotPath, live, 1);
            const eight = await timeRequests(server.baseUrl, hotPath, live, CONCURRENCY);
            if (stage.name === 'fresh') fresh[hotPath.name] = one;
            const freshNote = stage.name === 'fresh' ? '' : ` (fresh ${ms(fresh[hotPath.name]?.p50 ?? NaN)} / ${ms(fresh[hotPath.name]?.p99 ?? NaN)})`;
            const failures = one.failed + eight.failed > 0 ? `, ${one.failed + eight.failed} non-2xx` : '';
            rows.push({
              what: `growth ${stage.name}: ${hotPath.name}, p50/p99 one at a time${freshNote}`,
              budget: `p99 ≤ ${BUDGET_ONE_MS} ms`, measured: `${ms(one.p50)} / ${ms(one.p99)}${failures}`, ok: one.p99 <= BUDGET_ONE_MS && one.failed === 0,
            });
            rows.push({
              what: `growth ${stage.name}: ${hotPath.name}, p50/p99 at ${CONCURRENCY} concurrent`,
              budget: `p99 ≤ ${BUDGET_CONCURRENT_MS} ms`, measured: `${ms(eight.p50)} / ${ms(eight.p99)}`, ok: eight.p99 <= BUDGET_CONCURRENT_MS && eight.failed === 0,
            });
          }
        } finally {
          await server.stop();
        }
        const [size] = await db.query<{ bytes: number }>('select pg_database_size(current_database())::bigint as bytes');
        rows.push({ what: `growth ${stage.name}: database size`, budget: '', measured: `${((size?.bytes ?? 0) / 1024 ** 2).toFixed(0)} MB`, ok: undefined });
        lines.push(`${stage.name}: load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
      }
    } finally {
      await db.close();
    }
  } finally {
    await cluster.stop();
  }
  return { rows, lines };
}
