/**
 * Rates bench: POST /rates/api/rates/calculate-multiple for every garage, through a real HTTP
 * server (its own process, see index.ts), at a steady 200 requests a second for 10 seconds.
 * The load generator is `loadtest` with `requestsPerSecond`: an open model that sends one request
 * every 5 ms whether or not earlier ones have answered (a stall shows up in the percentiles),
 * over keep-alive connections as a browser would. (autocannon's rate limit lets each connection
 * fire its share of the second back to back and then wait, so it measured bursts of 10
 * concurrent requests rather than 200 a second.) Each request is a different stay (the entry
 * moves by 30 minutes per request over 3 weeks of slots), so no two answers are the same.
 * Budget from DESIGN.md: p99 ≤ 15 ms.
 */
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { loadTest } from 'loadtest';
import { Temporal } from 'temporal-polyfill';

const BUDGET_P99_MS = 15;
const RATE_PER_SECOND = 200;
const DURATION_SECONDS = 10;

/** The part of loadtest's result used here (its index.d.ts lags the v8 promise API). */
type LoadTestResult = {
  totalRequests: number;
  totalErrors: number;
  effectiveRps: number;
  meanLatencyMs: number;
  maxLatencyMs: number;
  percentiles: Record<'50' | '90' | '95' | '99', number>;
  errorCodes: Record<string, number>;
};
type RequestClient = (options: RequestOptions, callback: (response: IncomingMessage) => void) => ClientRequest;
type LoadTestRun = (options: {
  url: string;
  method: 'POST';
  requestsPerSecond: number;
  maxSeconds: number;
  agentKeepAlive: boolean;
  quiet: boolean;
  requestGenerator: (params: unknown, options: RequestOptions & { headers: Record<string, string | number> }, client: RequestClient, callback: (response: IncomingMessage) => void) => ClientRequest;
}) => Promise<LoadTestResult>;

/** Stays of 2 to 10 hours starting tomorrow at 6 AM New York time, one half-hour slot apart. */
function stayBodies(locationIds: number[]): string[] {
  const tomorrow = Temporal.Now.zonedDateTimeISO('America/New_York').startOfDay().add({ days: 1, hours: 6 });
  return Array.from({ length: 1000 }, (_, index) => {
    const entry = tomorrow.add({ minutes: 30 * (index % 1000) });
    const exit = entry.add({ hours: 2 + (index % 9) });
    return JSON.stringify({ locationIds, entryTimeUtc: entry.toInstant().toString(), exitTimeUtc: exit.toInstant().toString(), UseDatabaseRateMatching: true });
  });
}

export async function benchRates(baseUrl: string): Promise<{ rows: { what: string; budget: string; measured: string; ok: boolean }[]; lines: string[] }> {
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

  const run = loadTest as unknown as LoadTestRun;
  const result = await run({
    url,
    method: 'POST',
    requestsPerSecond: RATE_PER_SECOND,
    maxSeconds: DURATION_SECONDS,
    agentKeepAlive: true,
    quiet: true,
    requestGenerator: (_params, options, client, callback) => {
      const body = bodies[next++ % bodies.length] ?? '';
      options.headers['Content-Type'] = 'application/json';
      options.headers['Content-Length'] = Buffer.byteLength(body);
      const request = client(options, callback);
      request.end(body);
      return request;
    },
  });
  const { percentiles } = result;
  const non2xx = Object.entries(result.errorCodes).reduce((sum, [, count]) => sum + count, 0);
  const ok = percentiles['99'] <= BUDGET_P99_MS && result.totalErrors === 0;
  // The load generator shares the machine with the server: a busy machine shows in the tail.
  const [load1 = 0] = loadavg();
  return {
    rows: [{ what: `rates calculate-multiple, ${locationIds.length} garages, p99 at ${RATE_PER_SECOND} req/s`, budget: `≤ ${BUDGET_P99_MS} ms`, measured: `${percentiles['99']} ms`, ok }],
    lines: [
      `rates: POST /rates/api/rates/calculate-multiple, ${locationIds.length} garages, ${RATE_PER_SECOND} req/s for ${DURATION_SECONDS} s (loadtest, steady arrival rate, keep-alive)`,
      `  latency p50 ${percentiles['50']} ms, p90 ${percentiles['90']} ms, p95 ${percentiles['95']} ms, p99 ${percentiles['99']} ms, max ${result.maxLatencyMs} ms, mean ${result.meanLatencyMs} ms [${ok ? 'ok' : 'OVER BUDGET'} p99 ≤ ${BUDGET_P99_MS} ms]`,
      `  throughput ${result.effectiveRps} req/s (${result.totalRequests} requests), errors ${result.totalErrors} (non-2xx ${non2xx})`,
      `  machine: ${cpus().length} cores, load average ${load1.toFixed(1)} at the end of the run`,
    ],
  };
}
