/**
 * /rates/api/monthly-rates (spec 1 §7, spec 2 §7): search, currently active rates of a garage,
 * calculate (stored as a monthly rate instance), and calculate with a coupon. Unknown garages
 * and monthly rates are 404; a start date out of range, an inactive rate or an oversized vehicle
 * where none is taken are 400 with the message the client shows.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { NOTICE_SEARCH_MAX_PAGE_SIZE } from '../../src/contract/locations.ts';
import { checkInDateSchema, monthlyCalculateRequestSchema, monthlyCouponRequestSchema, monthlyRateSearchRequestSchema } from '../../src/contract/rates.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { validate } from '../lib/validate.ts';
import { couponCodeParam, requireUsablePromotion } from '../promotions/routes.ts';
import { existingLocationIds, findMonthlyRate, listActiveMonthlyRates } from './monthly-queries.ts';
import { calculateAndStoreMonthly, parseCheckInDate, requireStartDateInRange, toMonthlyRate } from './monthly-pricing.ts';

const wholeNumber = (name: string) => v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${name} must be a whole number`), v.transform(Number));

const currentlyActiveParams = v.object({
  id: wholeNumber('id'),
  date: checkInDateSchema,
  page: wholeNumber('page'),
  pageSize: v.pipe(wholeNumber('pageSize'), v.minValue(1, 'pageSize must be at least 1'), v.maxValue(NOTICE_SEARCH_MAX_PAGE_SIZE, `pageSize must be at most ${NOTICE_SEARCH_MAX_PAGE_SIZE}`)),
});

export function createMonthlyRatesApi({ db, now }: Deps) {
  const requireMonthlyRate = async (monthlyRateId: number) => {
    const row = await findMonthlyRate(db, monthlyRateId);
    if (!row) throw new HttpError(404, `Monthly rate ${monthlyRateId} was not found.`);
    return row;
  };

  return new Hono()
    .post('/search', validate('json', monthlyRateSearchRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const date = parseCheckInDate(body.checkInDateUtc);
      requireStartDateInRange(date, now());
      const known = await existingLocationIds(db, body.locationIds);
      const unknown = body.locationIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new HttpError(404, `${unknown.length === 1 ? 'Location' : 'Locations'} ${unknown.join(', ')} ${unknown.length === 1 ? 'was' : 'were'} not found.`);
      const rows = await listActiveMonthlyRates(db, body.locationIds, date.toString());
      return c.json(rows.map(toMonthlyRate));
    })
    .get('/currently-active/locations/:id/:date/:page/:pageSize', validate('param', currentlyActiveParams), async (c) => {
      const { id, date, page, pageSize } = c.req.valid('param');
      const known = await existingLocationIds(db, [id]);
      if (!known.has(id)) throw new HttpError(404, `Location ${id} was not found.`);
      const rows = await listActiveMonthlyRates(db, [id], parseCheckInDate(date).toString());
      const results = rows.slice(page * pageSize, (page + 1) * pageSize).map(toMonthlyRate);
      return c.json({ page, pageSize, totalElementCount: rows.length, results });
    })
    .post('/calculate', validate('json', monthlyCalculateRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const checkInDate = parseCheckInDate(body.checkInDateUtc);
      requireStartDateInRange(checkInDate, now());
      const row = await requireMonthlyRate(body.monthlyRateId);
      return c.json(await calculateAndStoreMonthly(db, row, { ...body, checkInDate }));
    })
    .post('/coupons/:couponCode/calculate', validate('param', couponCodeParam), validate('json', monthlyCouponRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const checkInDate = parseCheckInDate(body.checkInDateUtc);
      requireStartDateInRange(checkInDate, now());
      const row = await requireMonthlyRate(body.monthlyRateId);
      const { terms } = await requireUsablePromotion(db, c.req.valid('param').couponCode, { now: now(), appliesTo: 'MONTHLY', locationId: row.locationId });
      const options = { ...body, checkInDate, isBusiness: false, isTaxExempt: false, isResident: false };
      return c.json(await calculateAndStoreMonthly(db, row, options, terms));
    });
}
