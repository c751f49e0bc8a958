/**
 * How the growth bench (growth.ts) times one path: `requests` calls one at a time, then
 * `requests` at 8 concurrent, each after a warm-up of 10, each a fresh request from the path
 * (a write path hands out a new quote, reservation or ticket on every call); that `runs` times
 * (`--runs=N`, default 3), and each figure is the median of its runs: one run's p99 of 300 is its
 * third-slowest request, which one busy moment of a shared machine decides.
 */
import { Agent, request as httpRequest } from 'node:http';

export type Timing = { p50: number; p99: number; failed: number; statuses: Record<number, number> };
export type Row = { what: string; budget: string; measured: string; ok: boolean | undefined };

export type BenchRequest = { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown };
/** A hot path: `next()` is called once per request (warm-up included), in request order. */
export type HotPath = { name: string; next: () => BenchRequest };

export const CONCURRENCY = 8;
export const WARM_UP = 10;
export const BUDGET_ONE_MS = 50;
export const BUDGET_CONCURRENT_MS = 100;

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** `--requests=N` (default 300): fewer for a quick look at the signed-in paths on a shared machine. */
export function requestsArg(): number {
  const arg = process.argv.find((value) => value.startsWith('--requests='));
  const requests = arg ? Number(arg.slice('--requests='.length)) : 300;
  if (!Number.isInteger(requests) || requests < 20 || requests > 10_000) throw new Error(`--requests must be a whole number from 20 to 10000, not "${arg}"`);
  return requests;
}

/**
 * The load generator shares the machine with the server, its database and the emulator, so it
 * keeps its own work small: node:http on kept-alive sockets (about half the CPU a request of
 * global fetch costs here), the answer read and dropped.
 */
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(baseUrl: string, request: BenchRequest): Promise<number> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const headers = { ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }), ...request.headers };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${baseUrl}${request.url}`, { agent, method: request.method ?? 'GET', headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export async function timeRequests(baseUrl: string, path: HotPath, requests: number, concurrency: number, warmUp = true): Promise<Timing> {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let failed = 0;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < requests; i = next++) {
      const request = path.next();
      const started = performance.now();
      const status = await send(baseUrl, request);
      times.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 300) failed += 1;
    }
  };
  // Warm-up: the first requests compile code paths and fill caches.
  if (warmUp) for (let i = 0; i < WARM_UP; i += 1) await send(baseUrl, path.next());
  await Promise.all(Array.from({ length: concurrency }, worker));
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), failed, statuses };
}

/** `--runs=N` (default 3): how many times each path is timed; each figure is the median of the runs. */
export function runsArg(): number {
  const arg = process.argv.find((value) => value.startsWith('--runs='));
  const runs = arg ? Number(arg.slice('--runs='.length)) : 3;
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error(`--runs must be a whole number from 1 to 9, not "${arg}"`);
  return runs;
}

/** The median run of several: the median of their p50s and of their p99s, with every run's failures. */
export function medianOfRuns(timings: Timing[]): Timing {
  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  const statuses: Record<number, number> = {};
  for (const timing of timings) for (const [status, count] of Object.entries(timing.statuses)) statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
  return { p50: median(timings.map((t) => t.p50)), p99: median(timings.map((t) => t.p99)), failed: timings.reduce((sum, t) => sum + t.failed, 0), statuses };
}

/** A path timed `runs` times, one at a time and then at 8 concurrent in each run; each the median of its runs. */
export async function timePath(baseUrl: string, path: HotPath, requests: number, runs: number): Promise<{ one: Timing; eight: Timing }> {
  const ones: Timing[] = [];
  const eights: Timing[] = [];
  for (let run = 0; run < runs; run += 1) {
    ones.push(await timeRequests(baseUrl, path, requests, 1));
    eights.push(await timeRequests(baseUrl, path, requests, CONCURRENCY));
  }
  return { one: medianOfRuns(ones), eight: medianOfRuns(eights) };
}

/** The two rows of a path at a stage: p50/p99 one at a time (with the fresh figure) and at 8 concurrent, against the budget. */
export function pathRows(stage: string, name: string, one: Timing, eight: Timing, fresh: Timing | undefined): Row[] {
  const freshNote = stage === 'fresh' ? '' : ` (fresh ${ms(fresh?.p50 ?? NaN)} / ${ms(fresh?.p99 ?? NaN)})`;
  const failures = (timing: Timing) => (timing.failed > 0 ? `, ${timing.failed} non-2xx ${JSON.stringify(timing.statuses)}` : '');
  return [
    {
      what: `growth ${stage}: ${name}, p50/p99 one at a time${freshNote}`,
      budget: `p99 ≤ ${BUDGET_ONE_MS} ms`, measured: `${ms(one.p50)} / ${ms(one.p99)}${failures(one)}`, ok: one.p99 <= BUDGET_ONE_MS && one.failed === 0,
    },
    {
      what: `growth ${stage}: ${name}, p50/p99 at ${CONCURRENCY} concurrent`,
      budget: `p99 ≤ ${BUDGET_CONCURRENT_MS} ms`, measured: `${ms(eight.p50)} / ${ms(eight.p99)}${failures(eight)}`, ok: eight.p99 <= BUDGET_CONCURRENT_MS && eight.failed === 0,
    },
  ];
}
