/**
 * Rates bench: POST /rates/api/rates/calculate-multiple for every garage, through a real HTTP
 * server, at a fixed 200 requests a second for 10 seconds (autocannon, coordinated omission
 * corrected, so a stall shows up in the percentiles). Each request is a different stay (the
 * entry moves by 30 minutes per request over 3 weeks of slots), so the numbers include
 * writing new rate instances, not only cached ones. Budget from DESIGN.md: p99 ≤ 15 ms.
 */
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { Temporal } from 'temporal-polyfill';

const BUDGET_P99_MS = 15;
const RATE_PER_SECOND = 200;
const DURATION_SECONDS = 10;

type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
type AutocannonResult = { latency: Histogram; requests: Histogram & { total: number }; throughput: Histogram; errors: number; timeouts: number; non2xx: number };
type AutocannonRequest = { method: string; path: string; headers: Record<string, string>; body: string };
type Autocannon = (options: {
  url: string;
  connections: number;
  overallRate: number;
  duration: number;
  requests: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;

// autocannon ships no type declarations; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Stays of 2 to 10 hours starting tomorrow at 6 AM New York time, one half-hour slot apart. */
function stayBodies(locationIds: number[]): string[] {
  const tomorrow = Temporal.Now.zonedDateTimeISO('America/New_York').startOfDay().add({ days: 1, hours: 6 });
  return Array.from({ length: 1000 }, (_, index) => {
    const entry = tomorrow.add({ minutes: 30 * (index % 1000) });
    const exit = entry.add({ hours: 2 + (index % 9) });
    return JSON.stringify({ locationIds, entryTimeUtc: entry.toInstant().toString(), exitTimeUtc: exit.toInstant().toString(), UseDatabaseRateMatching: true });
  });
}

export async function benchRates(baseUrl: string): Promise<{ lines: string[] }> {
  const locations = (await (await fetch(`${baseUrl}/locations/api/locations`)).json()) as { locationId: number }[];
  const locationIds = locations.map((location) => location.locationId);
  const bodies = stayBodies(locationIds);
  let next = 0;
  const url = `${baseUrl}/rates/api/rates/calculate-multiple`;

  // Warm up (JIT, card cache, first inserts) so the measured run is the steady state.
  for (const body of bodies.slice(0, 20)) {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    if (!response.ok) throw new Error(`calculate-multiple answered ${response.status}: ${await response.text()}`);
  }

  const result = await autocannon({
    url,
    connections: 10,
    overallRate: RATE_PER_SECOND,
    duration: DURATION_SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies[next++ % bodies.length] ?? '' }) }],
  });
  const ok = result.latency.p99 <= BUDGET_P99_MS && result.errors === 0 && result.non2xx === 0;
  // The load generator shares the machine with the server: a busy machine shows in the tail.
  const [load1 = 0] = loadavg();
  return {
    lines: [
      `rates: POST /rates/api/rates/calculate-multiple, ${locationIds.length} garages, ${RATE_PER_SECOND} req/s for ${DURATION_SECONDS} s (autocannon, 10 connections)`,
      `  latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms [${ok ? 'ok' : 'OVER BUDGET'} p99 ≤ ${BUDGET_P99_MS} ms]`,
      `  throughput ${result.requests.average.toFixed(0)} req/s (${result.requests.total} requests, ${(result.throughput.average / 1024).toFixed(0)} KB/s), errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
      `  machine: ${cpus().length} cores, load average ${load1.toFixed(1)} at the end of the run`,
    ],
  };
}
