/**
 * /rates/api (spec 1 §7 "Rates", spec 2 §7): daily rate calculation for one garage, for many
 * garages in one call, and with a coupon; events and their rates; a garage's rate board; and the
 * monthly rates (monthly-routes.ts). Unknown garages, events and rates are 404 with a message;
 * bad dates, exit not after entry, a stay over 30 days or a start over 90 days ahead are 400.
 */
import { Hono } from 'hono';
import { dailyCouponRequestSchema, dailyRateRequestSchema, MAX_DAYS_AHEAD, multipleDailyRateRequestSchema } from '../../src/contract/rates.ts';
import type { Deps } from '../deps.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { couponCodeParam, requireUsablePromotion } from '../promotions/routes.ts';
import { priceDailyStays } from './daily-pricing.ts';
import { dailyRatesJson } from './daily-rate-json.ts';
import { dollarsToCents } from './money.ts';
import { createMonthlyRatesApi } from './monthly-routes.ts';
import { listActiveMonthlyRates } from './monthly-queries.ts';
import { toLocal } from './local-time.ts';
import { createPricingSnapshots } from './pricing-snapshot.ts';
import { findEvent, listEventLocationIds, listUpcomingEventRates } from './queries.ts';
import { buildRateBoard, eventsForParkedCars } from './rate-board.ts';
import { createRateInstanceRecorder } from './rate-instance-id.ts';

const DAY_MS = 86_400_000;
/** Spec 1 §9: the event parking window is 2 hours after the start. */
const EVENT_WINDOW_MS = 2 * 3_600_000;

/** The parts of the stay rule that need "now" (the schema checks the rest). */
function requireBookableStay(entry: Date, now: Date): void {
  if (entry.getTime() > now.getTime() + MAX_DAYS_AHEAD * DAY_MS) throw new HttpError(400, `Reservations can be made up to ${MAX_DAYS_AHEAD} days ahead.`);
}

export function createRatesApi(deps: Deps) {
  const { db, now } = deps;
  const pricer = { snapshots: createPricingSnapshots(db, now), instances: createRateInstanceRecorder(db) };

  return new Hono()
    .post('/rates/calculate', validate('json', dailyRateRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const stay = { entry: new Date(body.entryTimeUtc), exit: new Date(body.exitTimeUtc), now: now() };
      requireBookableStay(stay.entry, stay.now);
      const [rate] = await priceDailyStays(pricer, { ...stay, locationIds: [body.locationId], shouldStore: true });
      return c.json(rate);
    })
    .post('/rates/calculate-multiple', validate('json', multipleDailyRateRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const stay = { entry: new Date(body.entryTimeUtc), exit: new Date(body.exitTimeUtc), now: now() };
      requireBookableStay(stay.entry, stay.now);
      // The hot path (budget: p99 ≤ 15 ms at 200 searches a second): a snapshot checked within the
      // last SEARCH_REVISION_CHECK_MS, and the JSON written straight into the bytes it answers with
      // (daily-rate-json.ts; the same JSON as c.json, ASCII).
      const rates = await priceDailyStays(pricer, { ...stay, locationIds: body.locationIds, shouldStore: false, freshness: 'search' });
      return c.body(dailyRatesJson(rates), 200, { 'Content-Type': 'application/json' });
    })
    .post('/rates/coupons/:couponCode/calculate', validate('param', couponCodeParam), validate('json', dailyCouponRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const stay = { entry: new Date(body.entryTimeUtc), exit: new Date(body.exitTimeUtc), now: now() };
      requireBookableStay(stay.entry, stay.now);
      // 404 for an unknown garage before judging the coupon, so the message is about the real problem.
      if (!(await pricer.snapshots.current()).garages.has(body.locationId)) throw new HttpError(404, `Location ${body.locationId} was not found.`);
      const { terms } = await requireUsablePromotion(db, c.req.valid('param').couponCode, { now: stay.now, appliesTo: 'DAILY', locationId: body.locationId });
      const [rate] = await priceDailyStays(pricer, { ...stay, locationIds: [body.locationId], coupon: terms, shouldStore: true });
      return c.json(rate);
    })
    .get('/events/:id', validate('param', idParam), async (c) => {
      const event = await findEvent(db, c.req.valid('param').id);
      if (!event) throw notFound('Event');
      return c.json(event);
    })
    .get('/events/:id/rates', validate('param', idParam), async (c) => {
      const event = await findEvent(db, c.req.valid('param').id);
      if (!event) throw notFound('Event');
      const locationIds = await listEventLocationIds(db, event.eventId);
      const entry = new Date(event.startTimeUtc);
      const rates = locationIds.length === 0 ? [] : await priceDailyStays(pricer, { locationIds, entry, exit: new Date(entry.getTime() + EVENT_WINDOW_MS), now: now(), shouldStore: false });
      return c.json({ event, rates });
    })
    .get('/rate-cards/locations/:id', validate('param', idParam), async (c) => {
      const locationId = c.req.valid('param').id;
      const at = now();
      const row = (await pricer.snapshots.current()).garages.get(locationId);
      if (!row) throw new HttpError(404, `Location ${locationId} was not found.`);
      const card = row.card;
      if (!card) throw new HttpError(404, `Location ${locationId} has no posted rates.`);
      const [events, monthly] = await Promise.all([listUpcomingEventRates(db, locationId, at), listActiveMonthlyRates(db, [locationId], toLocal(at).date.toString())]);
      const listed = events.map((event) => ({ eventName: event.eventName, venueName: event.venueName, start: new Date(event.startTimeUtc), cents: dollarsToCents(event.price) }));
      // Past events too, from the snapshot the garage prices tickets with: a car may still be parked from one.
      const forParkedCars = eventsForParkedCars(row.events, at).map((event) => ({ start: event.startTime, cents: event.cents }));
      const pricedEvents = [...forParkedCars, ...listed.filter((event) => !forParkedCars.some((parked) => parked.start.getTime() === event.start.getTime() && parked.cents === event.cents))];
      return c.json(
        buildRateBoard(card, {
          area: row.area,
          arenaZone: row.arenaZone,
          acceptsOversized: row.oversized,
          hoursText: row.hoursText,
          events: listed,
          pricedEvents,
          monthly: monthly.filter((rate) => rate.groupName !== 'Business').map((rate) => ({ groupName: rate.groupName, cents: dollarsToCents(rate.rate) })),
        }),
      );
    })
    .route('/monthly-rates', createMonthlyRatesApi(deps));
}
