/**
 * Analytics events the PWA sends to the operator's own log endpoint, POST /logs/api/events
 * (spec 1 §2.2 "A page view is logged on every navigation", spec 2 §7 "A purchase analytics
 * event is sent on payment"; decision 0115). No third party sees them, and they carry no personal
 * data: no plate, email, phone, name, token or query string. The schema is strict (an unknown
 * field is refused) and a path holding an email or a long number (a ticket, a phone) is refused,
 * so a client bug cannot store one either.
 */
import * as v from 'valibot';
import { isoDateTimeSchema } from './paged.ts';

export const PURCHASE_METHODS = ['saved_cc', 'cc', 'browser-pay'] as const;
export const MAX_EVENTS_PER_BATCH = 50;

/** A page path without query or fragment; no '@' and no run of 5+ digits (a ticket number, a phone). */
export const ANALYTICS_PATH_MESSAGE = 'must be a page path (no query string, email or long number), at most 200 characters';
const pathSchema = v.pipe(
  v.string(),
  v.maxLength(200, ANALYTICS_PATH_MESSAGE),
  v.regex(/^\/[A-Za-z0-9/_.~:%-]*$/, ANALYTICS_PATH_MESSAGE),
  v.check((path) => !/\d{5,}/.test(path) && !/%40/i.test(path), ANALYTICS_PATH_MESSAGE),
);

const NO_OTHER_FIELDS = 'an event carries only its own fields (no personal data)';

export const pageViewEventSchema = v.strictObject({ type: v.literal('page_view'), path: pathSchema, at: isoDateTimeSchema }, NO_OTHER_FIELDS);

export const purchaseEventSchema = v.strictObject(
  {
    type: v.literal('purchase'),
    at: isoDateTimeSchema,
    paymentId: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'), v.maxValue(2_147_483_647, 'is too large')),
    amount: v.pipe(v.number('must be a number'), v.minValue(0, 'must not be negative'), v.maxValue(100_000, 'must be at most 100000')),
    currency: v.pipe(v.string(), v.regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code'), v.toLowerCase()),
    method: v.picklist(PURCHASE_METHODS, `must be one of ${PURCHASE_METHODS.join(', ')}`),
  },
  NO_OTHER_FIELDS,
);

export const analyticsEventSchema = v.variant('type', [pageViewEventSchema, purchaseEventSchema], 'type must be page_view or purchase');
export type AnalyticsEvent = v.InferInput<typeof analyticsEventSchema>;

export const analyticsBatchSchema = v.strictObject(
  {
    /** Random per browser tab (not per device or person): which events came together. */
    sessionId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'must be 8 to 64 letters, digits or dashes')),
    clientVersion: v.nullish(v.pipe(v.string(), v.maxLength(32, 'must be at most 32 characters'))),
    events: v.pipe(
      v.array(analyticsEventSchema, 'must be a list of events'),
      v.minLength(1, 'must hold at least one event'),
      v.maxLength(MAX_EVENTS_PER_BATCH, `must hold at most ${MAX_EVENTS_PER_BATCH} events`),
    ),
  },
  'a batch has only sessionId, clientVersion and events',
);
export type AnalyticsBatch = v.InferInput<typeof analyticsBatchSchema>;

export const analyticsAcceptedSchema = v.object({ accepted: v.number() });

/** What the dev reader (GET /logs/api/events, local non-production only) answers. */
export const storedAnalyticsEventSchema = v.object({
  type: v.string(),
  path: v.nullable(v.string()),
  paymentId: v.nullable(v.number()),
  amount: v.nullable(v.number()),
  currency: v.nullable(v.string()),
  method: v.nullable(v.string()),
  occurredAt: v.string(),
});
