/**
 * How the growth bench (growth.ts) times one path: `requests` calls one at a time, then
 * `requests` at 8 concurrent, after a warm-up of 10, each a fresh request from the path
 * (a write path hands out a new quote, reservation or ticket on every call).
 */

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

async function send(baseUrl: string, request: BenchRequest): Promise<number> {
  const headers = { ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...request.headers };
  const response = await fetch(`${baseUrl}${request.url}`, { method: request.method ?? 'GET', headers, ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }) });
  await response.arrayBuffer();
  return response.status;
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
