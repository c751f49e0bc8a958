/**
 * Locations bench: GET /locations/api/locations (every garage, ~100 KB of JSON, the largest
 * public read) at 400 requests a second with Poisson arrivals (poisson-load.ts) for 10 s, asked as
 * a browser asks (`Accept-Encoding: gzip, deflate, br`, no validator: every answer is the whole
 * list). Three set-ups, each on servers in their own processes (bench-server.ts):
 *   - one process on the embedded database (what `npm start` runs);
 *   - one process on PostgreSQL;
 *   - two processes on one PostgreSQL database, started at the same moment on it while empty
 *     (so the bench also starts replicas together, README "Running more than one process"),
 *     the requests alternating between them as a round-robin load balancer would.
 * Budget (issue 22, issue 23): p99 ≤ 50 ms at 400 req/s with one process.
 */
import { cpus, loadavg } from 'node:os';
import { type BenchServer, startBenchServer } from './bench-server.ts';
import { cpuMsOf } from './figures.ts';
import { type PoissonResult, runPoissonLoadApart } from './poisson-load.ts';
import { startPostgresCluster } from '../support/postgres-cluster.ts';

const BUDGET_P99_MS = 50;
const RATE_PER_SECOND = 400;
const DURATION_SECONDS = 10;
const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br' };

type Row = { what: string; budget: string; measured: string; ok: boolean | undefined };

type Measured = PoissonResult & { serverCpuMsPerRequest: number | undefined };

async function measure(servers: BenchServer[]): Promise<Measured> {
  const urls = servers.map((server) => `${server.baseUrl}/locations/api/locations`);
  // Warm up each process (JIT, the prepared list and its compressed forms).
  for (const url of urls) {
    for (let i = 0; i < 50; i += 1) {
      const response = await fetch(url, { headers: BROWSER_HEADERS });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
    }
  }
  const cpuBefore = servers.map((server) => cpuMsOf(server.pid));
  const result = await runPoissonLoadApart({ urls, ratePerSecond: RATE_PER_SECOND, seconds: DURATION_SECONDS, headers: BROWSER_HEADERS });
  const cpuUsed = servers.map((server, index) => (cpuMsOf(server.pid) ?? Number.NaN) - (cpuBefore[index] ?? Number.NaN)).reduce((sum, ms) => sum + ms, 0);
  return { ...result, serverCpuMsPerRequest: Number.isNaN(cpuUsed) ? undefined : cpuUsed / result.sent };
}

function describe(label: string, result: Measured): string[] {
  const { latency } = result;
  const [load1 = 0] = loadavg();
  return [
    `${label}: p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms, mean ${latency.mean} ms`,
    `  ${result.sent} requests at ${result.achievedRate} req/s, statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}, ${(result.meanBodyBytes / 1024).toFixed(1)} KB a response on the wire`,
    `  load generator lateness p99 ${result.senderLag.p99} ms, max ${result.senderLag.max} ms; load average ${load1.toFixed(2)} after the run`,
    // What the machine's load cannot blur: the server's own CPU time per answer.
    `  server CPU ${result.serverCpuMsPerRequest === undefined ? 'unknown' : `${result.serverCpuMsPerRequest.toFixed(2)} ms a request (${((result.serverCpuMsPerRequest * RATE_PER_SECOND) / 10).toFixed(0)} % of one core at ${RATE_PER_SECOND} req/s)`}`,
  ];
}

const passed = (result: PoissonResult) => result.latency.p99 <= BUDGET_P99_MS && result.errors === 0 && result.statuses['200'] === result.sent;

export async function benchLocations(): Promise<{ rows: Row[]; lines: string[] }> {
  const [load1 = 0, load5 = 0] = loadavg();
  const lines = [
    `locations: GET /locations/api/locations, ${RATE_PER_SECOND} req/s for ${DURATION_SECONDS} s, Poisson arrivals (exponential gaps), keep-alive, Accept-Encoding gzip, deflate, br`,
    `  machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${load1.toFixed(2)} / ${load5.toFixed(2)} (1 / 5 min) before the runs`,
  ];
  const rows: Row[] = [];
  const record = (what: string, result: Measured, budgeted: boolean) => {
    rows.push({ what: `locations list p99 at ${RATE_PER_SECOND} req/s (Poisson), ${what}`, budget: budgeted ? `≤ ${BUDGET_P99_MS} ms` : '(compare)', measured: `${result.latency.p99} ms`, ok: budgeted ? passed(result) : undefined });
    lines.push(...describe(what, result));
  };

  const embedded = await startBenchServer();
  try {
    record('1 process, PGlite', await measure([embedded]), true);
  } finally {
    await embedded.stop();
  }

  const cluster = await startPostgresCluster();
  if (!cluster) {
    lines.push('  PostgreSQL is not installed here (`npm run test:api` installs it): the PostgreSQL runs were skipped.');
    return { rows, lines };
  }
  try {
    lines.push(`  PostgreSQL ${cluster.version}, a throwaway cluster`);
    const single = await startBenchServer({ DATABASE_URL: cluster.createDatabase('bench_one') });
    try {
      record('1 process, PostgreSQL', await measure([single]), true);
    } finally {
      await single.stop();
    }
    // Both started at the same moment on one empty database: they race for the first-start lock.
    const sharedUrl = cluster.createDatabase('bench_two');
    const pair = await Promise.all([startBenchServer({ DATABASE_URL: sharedUrl }), startBenchServer({ DATABASE_URL: sharedUrl })]);
    try {
      record('2 processes, one PostgreSQL', await measure(pair), false);
    } finally {
      await Promise.all(pair.map((server) => server.stop()));
    }
  } finally {
    await cluster.stop();
  }
  return { rows, lines };
}
