/**
 * Search bench: GET /search/api/poi/autocomplete at 500 requests a second with Poisson arrivals
 * (poisson-load.ts) for 10 s on one server process on the embedded database (what `npm start`
 * runs). Budget (issue 17): p99 ≤ 10 ms at 500 req/s.
 *
 * What is sent: the real searches of server/search/real-queries.ts as a search box sends them
 * while someone types — every prefix from 3 characters on — half with the default map centre and
 * half from one of four other centres (Midtown, Downtown Brooklyn, Jersey City, Newark), in a
 * seeded random order. The server keeps recent answers (server/search/answer-cache.ts), so the
 * figure under load is for a warm process; the same queries are also sent once each, one at a
 * time, to a fresh process and reported as the cold figures (each one a pg_trgm search).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { REAL_QUERIES } from '../../server/search/real-queries.ts';
import { startBenchServer } from './bench-server.ts';
import { runPoissonLoad } from './poisson-load.ts';

const BUDGET_P99_MS = 10;
const RATE_PER_SECOND = 500;
const DURATION_SECONDS = 10;
const HEADERS = { 'Accept-Encoding': 'gzip, deflate, br' };
const CENTRES = ['', '&lat=40.754&lng=-73.984', '&lat=40.692&lng=-73.990', '&lat=40.718&lng=-74.047', '&lat=40.735&lng=-74.172'];

type Row = { what: string; budget: string; measured: string; ok: boolean | undefined };

/** The paths a search box sends while the real queries are typed, shuffled with a fixed seed. */
export function typedPaths(): string[] {
  const paths: string[] = [];
  REAL_QUERIES.forEach((query, q) => {
    for (let length = 3; length <= query.input.length; length += 1) {
      const centre = (q + length) % 2 === 0 ? '' : CENTRES[1 + ((q + length) % (CENTRES.length - 1))];
      paths.push(`/search/api/poi/autocomplete?input=${encodeURIComponent(query.input.slice(0, length))}${centre}`);
    }
  });
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  for (let i = paths.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

/** CPU time (ms) a process has used so far, from /proc (Linux), as the locations bench reads it. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function benchSearch(): Promise<{ rows: Row[]; lines: string[] }> {
  const paths = typedPaths();
  const distinct = new Set(paths).size;
  const [load1 = 0, load5 = 0] = loadavg();
  const lines = [
    `search: GET /search/api/poi/autocomplete, ${RATE_PER_SECOND} req/s for ${DURATION_SECONDS} s, Poisson arrivals, keep-alive; ${distinct} distinct typed prefixes of ${REAL_QUERIES.length} real searches`,
    `  machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${load1.toFixed(2)} / ${load5.toFixed(2)} (1 / 5 min) before the runs`,
  ];
  const rows: Row[] = [];
  const server = await startBenchServer();
  try {
    const urls = paths.map((path) => `${server.baseUrl}${path}`);
    // Cold: each distinct prefix once, one at a time, on the fresh process (a trigram search each).
    const cold: number[] = [];
    for (const url of new Set(urls)) {
      const startedAt = performance.now();
      const response = await fetch(url, { headers: HEADERS });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
      cold.push(performance.now() - startedAt);
    }
    cold.sort((a, b) => a - b);
    const fmt = (ms: number) => `${Math.round(ms * 10) / 10} ms`;
    lines.push(`  cold (first time each, sequential): p50 ${fmt(percentile(cold, 50))}, p90 ${fmt(percentile(cold, 90))}, p99 ${fmt(percentile(cold, 99))}, max ${fmt(cold.at(-1) ?? 0)}`);
    rows.push({ what: 'place autocomplete, first time each prefix (sequential, pg_trgm)', budget: '(compare)', measured: `p99 ${fmt(percentile(cold, 99))}`, ok: undefined });

    const cpuBefore = cpuMsOf(server.pid);
    const result = await runPoissonLoad({ urls, ratePerSecond: RATE_PER_SECOND, seconds: DURATION_SECONDS, headers: HEADERS });
    const [after1 = 0] = loadavg();
    const cpuPerRequest = ((cpuMsOf(server.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN)) / result.sent;
    const { latency } = result;
    lines.push(
      `  under load (warm process): p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms, mean ${latency.mean} ms`,
      `  ${result.sent} requests at ${result.achievedRate} req/s, statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}, ${result.meanBodyBytes} bytes a response`,
      `  load generator lateness p99 ${result.senderLag.p99} ms, max ${result.senderLag.max} ms; load average ${after1.toFixed(2)} after the run`,
      // What the machine's load cannot blur: the server's own CPU time per answer.
      `  server CPU ${Number.isNaN(cpuPerRequest) ? 'unknown' : `${cpuPerRequest.toFixed(3)} ms a request (${((cpuPerRequest * RATE_PER_SECOND) / 10).toFixed(0)} % of one core at ${RATE_PER_SECOND} req/s)`}`,
    );
    const ok = latency.p99 <= BUDGET_P99_MS && result.errors === 0 && result.statuses['200'] === result.sent;
    rows.push({ what: `place autocomplete p99 at ${RATE_PER_SECOND} req/s (Poisson), 1 process, PGlite`, budget: `≤ ${BUDGET_P99_MS} ms`, measured: `${latency.p99} ms`, ok });
  } finally {
    await server.stop();
  }
  return { rows, lines };
}
