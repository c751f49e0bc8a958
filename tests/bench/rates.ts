/**
 * Rates bench: POST /rates/api/rates/calculate-multiple for every garage, through a real HTTP
 * server (its own process, see index.ts), at 200 requests a second for 10 seconds with Poisson
 * arrivals (poisson-load.ts: exponential gaps of 5 ms on average, so requests bunch as
 * independent drivers' phones do, rather than loadtest's one request every 5 ms). An open model:
 * each request is sent at its arrival time whether or not earlier ones have answered (a stall
 * shows up in the percentiles), over keep-alive connections as a browser would. Each request is a
 * different stay (the entry moves by 30 minutes per request over 3 weeks of slots), so no two
 * answers are the same. Budget from DESIGN.md: p99 ≤ 15 ms.
 */
import { cpus, loadavg } from 'node:os';
import { Temporal } from 'temporal-polyfill';
import { runPoissonLoad } from './poisson-load.ts';

const BUDGET_P99_MS = 15;
const RATE_PER_SECOND = 200;
const DURATION_SECONDS = 10;

/** Stays of 2 to 10 hours starting tomorrow at 6 AM New York time, one half-hour slot apart. */
function stayBodies(locationIds: number[]): string[] {
  const tomorrow = Temporal.Now.zonedDateTimeISO('America/New_York').startOfDay().add({ days: 1, hours: 6 });
  return Array.from({ length: 1000 }, (_, index) => {
    const entry = tomorrow.add({ minutes: 30 * index });
    const exit = entry.add({ hours: 2 + (index % 9) });
    return JSON.stringify({ locationIds, entryTimeUtc: entry.toInstant().toString(), exitTimeUtc: exit.toInstant().toString(), UseDatabaseRateMatching: true });
  });
}

export async function benchRates(baseUrl: string): Promise<{ rows: { what: string; budget: string; measured: string; ok: boolean }[]; lines: string[] }> {
  const locations = (await (await fetch(`${baseUrl}/locations/api/locations`)).json()) as { locationId: number }[];
  const locationIds = locations.map((location) => location.locationId);
  const bodies = stayBodies(locationIds);
  const url = `${baseUrl}/rates/api/rates/calculate-multiple`;
  const headers = { 'Content-Type': 'application/json' };

  // Warm up (JIT, card cache, first inserts) so the measured run is the steady state.
  for (const body of bodies.slice(0, 20)) {
    const response = await fetch(url, { method: 'POST', headers, body });
    if (!response.ok) throw new Error(`calculate-multiple answered ${response.status}: ${await response.text()}`);
  }

  const [loadBefore = 0] = loadavg();
  const result = await runPoissonLoad({ urls: [url], ratePerSecond: RATE_PER_SECOND, seconds: DURATION_SECONDS, headers, body: (index) => bodies[index % bodies.length] ?? '' });
  const { latency } = result;
  const isAllOk = result.errors === 0 && result.statuses['200'] === result.sent;
  const ok = latency.p99 <= BUDGET_P99_MS && isAllOk;
  // The load generator shares the machine with the server: a busy machine shows in the tail.
  const [loadAfter = 0] = loadavg();
  const machine = `load ${loadAfter.toFixed(1)}, ${cpus().length} cores`;
  return {
    rows: [{ what: `rates calculate-multiple, ${locationIds.length} garages, p99 at ${RATE_PER_SECOND} req/s (Poisson)`, budget: `≤ ${BUDGET_P99_MS} ms`, measured: `${latency.p99} ms (${machine})`, ok }],
    lines: [
      `rates: POST /rates/api/rates/calculate-multiple, ${locationIds.length} garages, ${RATE_PER_SECOND} req/s for ${DURATION_SECONDS} s, Poisson arrivals (exponential gaps, mean ${1000 / RATE_PER_SECOND} ms), keep-alive`,
      `  latency p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms, mean ${latency.mean} ms [${ok ? 'ok' : 'OVER BUDGET'} p99 ≤ ${BUDGET_P99_MS} ms]`,
      `  ${result.sent} requests at ${result.achievedRate} req/s, statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}${result.errors > 0 ? ` ${JSON.stringify(result.errorCodes)}` : ''}, ${(result.meanBodyBytes / 1024).toFixed(1)} KB a response on the wire`,
      `  load generator lateness p99 ${result.senderLag.p99} ms, max ${result.senderLag.max} ms`,
      `  machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadBefore.toFixed(2)} before the run, ${loadAfter.toFixed(2)} after`,
    ],
  };
}
