/**
 * What the process counts, in the Prometheus text format (prom-client; decision 0116). Served only
 * on loopback by server/lib/metrics-server.ts, never through the public app. Labels are bounded:
 * a route is Hono's pattern (`/payments/api/payments/:paymentId`), never the raw path, so a
 * scanner's million URLs make no million series. docs/operations.md "Metrics" lists each metric
 * with the alert worth setting on it.
 */
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpRequests = new Counter({ name: 'parkfair_http_requests_total', help: 'Requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'], registers: [metricsRegistry] });
const httpDuration = new Histogram({ name: 'parkfair_http_request_duration_seconds', help: 'Time to answer a request (until the handler returned), by method, route pattern and status.', labelNames: ['method', 'route', 'status'], buckets: SECONDS, registers: [metricsRegistry] });
const rateLimitRefusals = new Counter({ name: 'parkfair_rate_limit_refusals_total', help: 'Requests refused with 429 (rate limits, guess limits, token guessing), by route pattern.', labelNames: ['route'], registers: [metricsRegistry] });
const payments = new Counter({ name: 'parkfair_payments_total', help: 'Payments settled, by outcome (succeeded, failed, canceled).', labelNames: ['outcome'], registers: [metricsRegistry] });
const refunds = new Counter({ name: 'parkfair_refunds_total', help: 'Refund attempts sent to the processor, by outcome (succeeded, pending, failed, error).', labelNames: ['outcome'], registers: [metricsRegistry] });
const providerDuration = new Histogram({ name: 'parkfair_payment_provider_request_duration_seconds', help: 'Calls to the card processor, by provider, operation and outcome (ok, declined, error).', labelNames: ['provider', 'operation', 'outcome'], buckets: SECONDS, registers: [metricsRegistry] });
const plateReads = new Histogram({ name: 'parkfair_plate_read_duration_seconds', help: 'Plate reading of one photo (decode, detect, recognise), by outcome (plate, none, error).', labelNames: ['outcome'], buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8], registers: [metricsRegistry] });
const dbQueries = new Histogram({ name: 'parkfair_db_query_duration_seconds', help: 'Database queries, by driver and outcome (ok, error).', labelNames: ['driver', 'outcome'], buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5], registers: [metricsRegistry] });

/** PostgreSQL pools of this process; a pool that was ended is dropped at the next scrape. */
const pools = new Set<pg.Pool>();
new Gauge({
  name: 'parkfair_db_pool_connections',
  help: 'PostgreSQL pool connections by state: total (open), idle, waiting (requests queued for a connection).',
  labelNames: ['state'],
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const pool of pools) {
      if (pool.ended) {
        pools.delete(pool);
        continue;
      }
      this.inc({ state: 'total' }, pool.totalCount);
      this.inc({ state: 'idle' }, pool.idleCount);
      this.inc({ state: 'waiting' }, pool.waitingCount);
    }
  },
});

let defaultsCollected = false;
/** Process memory, CPU, handles and event-loop delay (nodejs_eventloop_lag_*), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 });
}

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
  if (status === 429) rateLimitRefusals.inc({ route });
}

export const countPayment = (outcome: string): void => payments.inc({ outcome });
export const countRefund = (outcome: string): void => refunds.inc({ outcome });
export const observeProviderCall = (provider: string, operation: string, outcome: string, seconds: number): void => providerDuration.observe({ provider, operation, outcome }, seconds);

export function observePool(pool: pg.Pool): void {
  pools.add(pool);
}

/** Times one query; the query's own answer or error is passed through untouched. */
export async function timeQuery<T>(driver: string, query: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await query();
    dbQueries.observe({ driver, outcome: 'ok' }, (performance.now() - started) / 1000);
    return result;
  } catch (error: unknown) {
    dbQueries.observe({ driver, outcome: 'error' }, (performance.now() - started) / 1000);
    throw error;
  }
}

/** Times one plate read: `plate` when something was read, `none` when the photo had no plate. */
export async function timePlateRead<T extends readonly unknown[]>(read: Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const results = await read;
    plateReads.observe({ outcome: results.length > 0 ? 'plate' : 'none' }, (performance.now() - started) / 1000);
    return results;
  } catch (error: unknown) {
    plateReads.observe({ outcome: 'error' }, (performance.now() - started) / 1000);
    throw error;
  }
}
