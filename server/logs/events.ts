/**
 * POST /logs/api/events: the PWA's page views and purchase events (decision 0115), a batch at a
 * time (the client queues them, sends every few seconds and with sendBeacon when the page goes).
 * Validated at the boundary (400 with the reason; an unknown field is refused, so no personal data
 * can be stored by mistake) and rate limited per client address (429): the endpoint takes posts
 * from anyone, and must not become a way to fill the database.
 *
 * GET /logs/api/events?sessionId=…: the events of one tab, for a developer and the end-to-end
 * tests; like the mail outbox (server/mail/outbox-routes.ts) it answers only outside production
 * and to a caller on this machine (otherwise 404, as if it were not there).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { analyticsBatchSchema } from '../../src/contract/analytics.ts';
import type { Deps } from '../deps.ts';
import { isLocalCaller } from '../mail/outbox-routes.ts';
import { rateLimit, type RateLimitRule } from '../lib/rate-limit.ts';
import { validate } from '../lib/validate.ts';

/** 120 batches a minute per address: a phone sends at most ~12; many phones may share one carrier address. */
export const ANALYTICS_LIMIT: RateLimitRule = { bucket: 'analytics-events', limit: 120, windowSeconds: 60, message: 'Too many analytics events. Please try again later.' };

type Batch = v.InferOutput<typeof analyticsBatchSchema>;

async function insertEvents(deps: Deps, batch: Batch): Promise<number> {
  const receivedAt = deps.now().toISOString();
  const rows = batch.events.map((event) =>
    event.type === 'page_view'
      ? [event.at, 'page_view', event.path, null, null, null, null]
      : [event.at, 'purchase', null, event.paymentId, event.amount, event.currency, event.method],
  );
  // One statement for the batch: unnest of parallel arrays.
  const column = (index: number) => rows.map((row) => row[index] ?? null);
  await deps.db.query(
    `insert into analytics_events (received_at, session_id, client_version, occurred_at, event_type, path, payment_id, amount, currency, method)
     select $1, $2, $3, * from unnest($4::timestamptz[], $5::text[], $6::text[], $7::integer[], $8::numeric[], $9::text[], $10::text[])`,
    [receivedAt, batch.sessionId, batch.clientVersion ?? null, column(0), column(1), column(2), column(3), column(4), column(5), column(6)],
  );
  return rows.length;
}

const readerQuerySchema = v.object({ sessionId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'sessionId must be 8 to 64 letters, digits or dashes')) });

type StoredRow = { event_type: string; path: string | null; payment_id: number | null; amount: string | null; currency: string | null; method: string | null; occurred_at: Date };

export function createEventsApi(deps: Deps) {
  const isReaderOn = !deps.config.isProduction;
  return new Hono()
    .post('/events', rateLimit(deps, ANALYTICS_LIMIT), validate('json', analyticsBatchSchema), async (c) => {
      const accepted = await insertEvents(deps, c.req.valid('json'));
      return c.json({ accepted }, 202);
    })
    .get('/events', async (c, next) => (isReaderOn && isLocalCaller(c) ? next() : c.json({ message: 'Not found' }, 404)), validate('query', readerQuerySchema), async (c) => {
      const rows = await deps.db.query<StoredRow>(
        `select event_type, path, payment_id, amount, currency, method, occurred_at from analytics_events
         where session_id = $1 order by analytics_event_id limit 500`,
        [c.req.valid('query').sessionId],
      );
      return c.json(
        rows.map((row) => ({
          type: row.event_type,
          path: row.path,
          paymentId: row.payment_id,
          amount: row.amount === null ? null : Number(row.amount),
          currency: row.currency,
          method: row.method,
          occurredAt: new Date(row.occurred_at).toISOString(),
        })),
      );
    });
}
