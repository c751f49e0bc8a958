/**
 * An open-model load generator with Poisson arrivals: the gaps between requests are drawn from
 * an exponential distribution (mean 1/rate), so requests bunch and thin out as independent
 * drivers' phones do, instead of loadtest's one request every 1/rate seconds. A request is sent
 * at its arrival time whether or not earlier ones have answered, over keep-alive connections;
 * latency is from the moment it was sent to the last byte of the answer. The generator's own
 * lateness (a timer firing after the arrival it was set for) is reported beside the figures,
 * since on a busy machine it shares the cores with the server. Requests are GETs (the locations
 * bench), or POSTs when the options give each one its body (the rates bench).
 *
 * Benches call runPoissonLoadApart: the generator runs in a Node process of its own
 * (poisson-load-child.ts), as an outsider's load tool would. In the bench's own process it shared
 * a heap with whatever ran before (the bundle section's Vite build): its garbage collections then
 * delayed both sending and reading answers, and the rates bench's p99 rose from 10–12 ms to
 * 17–25 ms, the bare-server floor's from 6–8 ms to 12 ms, with the server unchanged.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import path from 'node:path';

export type PoissonResult = {
  sent: number;
  errors: number;
  /** What the errors were (Node's error code: ECONNRESET, ECONNREFUSED…), counted. */
  errorCodes: Record<string, number>;
  statuses: Record<string, number>;
  /** Latency percentiles in ms (p50, p90, p95, p99, max) and the mean. */
  latency: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };
  /** Bytes received per answer (body, as sent on the wire), averaged. */
  meanBodyBytes: number;
  /** How late the generator sent, at worst and at the 99th percentile (ms). */
  senderLag: { p99: number; max: number };
  achievedRate: number;
};

export type PoissonOptions = {
  /** The target of each request, in turn (several servers share the load round-robin). */
  urls: string[];
  ratePerSecond: number;
  seconds: number;
  headers?: Record<string, string>;
  /**
   * The n-th request (0-based) is a POST of bodies[n % bodies.length] with its Content-Length;
   * without bodies every request is a GET.
   */
  bodies?: string[];
  /** Seeded so two runs draw the same arrival pattern. */
  seed?: number;
};

/** A small deterministic generator (mulberry32): the same seed gives the same arrivals. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Arrival times (ms from the start) of a Poisson process at `rate` per second over `seconds`. */
export function poissonArrivals(ratePerSecond: number, seconds: number, random: () => number): number[] {
  const arrivals: number[] = [];
  let at = 0;
  for (;;) {
    at += (-Math.log(1 - random()) / ratePerSecond) * 1000;
    if (at >= seconds * 1000) return arrivals;
    arrivals.push(at);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function runPoissonLoad(options: PoissonOptions): Promise<PoissonResult> {
  const arrivals = poissonArrivals(options.ratePerSecond, options.seconds, seededRandom(options.seed ?? 1));
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const lags: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const errorCodes: Record<string, number> = {};
  let bodyBytes = 0;

  const send = (url: string, index: number) =>
    new Promise<void>((resolve) => {
      const body = options.bodies === undefined ? undefined : (options.bodies[index % options.bodies.length] ?? '');
      const headers = body === undefined ? options.headers : { ...options.headers, 'Content-Length': String(Buffer.byteLength(body)) };
      const sentAt = performance.now();
      const outgoing = request(url, { agent, method: body === undefined ? 'GET' : 'POST', headers }, (response) => {
        response.on('data', (chunk: Buffer) => {
          bodyBytes += chunk.length;
        });
        response.on('end', () => {
          latencies.push(performance.now() - sentAt);
          const status = String(response.statusCode);
          statuses[status] = (statuses[status] ?? 0) + 1;
          resolve();
        });
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        errors += 1;
        const code = error.code ?? error.message;
        errorCodes[code] = (errorCodes[code] ?? 0) + 1;
        resolve();
      });
      outgoing.end(body);
    });

  const inFlight: Promise<void>[] = [];
  const startedAt = performance.now();
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now() - startedAt;
      while (next < arrivals.length && (arrivals[next] ?? 0) <= now) {
        lags.push(now - (arrivals[next] ?? 0));
        inFlight.push(send(options.urls[next % options.urls.length] ?? '', next));
        next += 1;
      }
      if (next >= arrivals.length) return resolve();
      setTimeout(tick, Math.max(0, (arrivals[next] ?? 0) - (performance.now() - startedAt)));
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsed = (performance.now() - startedAt) / 1000;
  agent.destroy();

  const sorted = [...latencies].sort((a, b) => a - b);
  const sortedLags = [...lags].sort((a, b) => a - b);
  return {
    sent: arrivals.length,
    errors,
    errorCodes,
    statuses,
    latency: {
      p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? 0), mean: round(sorted.reduce((sum, ms) => sum + ms, 0) / Math.max(1, sorted.length)),
    },
    meanBodyBytes: Math.round(bodyBytes / Math.max(1, latencies.length)),
    senderLag: { p99: round(percentile(sortedLags, 99)), max: round(sortedLags.at(-1) ?? 0) },
    achievedRate: Math.round(arrivals.length / elapsed),
  };
}

/**
 * runPoissonLoad in a child Node process (poisson-load-child.ts): the options go in on stdin as
 * JSON, the result comes back on stdout. The child loads only this file, so its heap is small
 * and fresh for every run.
 */
export async function runPoissonLoadApart(options: PoissonOptions): Promise<PoissonResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'poisson-load-child.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  child.stdin.end(JSON.stringify(options));
  const code = await exited;
  if (code !== 0) throw new Error(`the load generator process exited with ${code}`);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as PoissonResult;
}
