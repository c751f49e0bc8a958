/**
 * /locations/api: garages and their notices (spec 1 §7 "Locations"), plus the lot-code lookup
 * park-and-pay uses. Every input is validated; unknown ids are 404 with a plain message.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { noticeSearchRequestSchema } from '../../src/contract/locations.ts';
import type { Deps } from '../deps.ts';
import { sendPreparedJson } from '../lib/http-cache.ts';
import { HttpError } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { createLocationsListCache } from './list-cache.ts';
import { matchesFilter, parseBlackoutFilter, searchWindow } from './notice-period.ts';
import { findLocation, findLocationByNumber, listAllBlackouts, searchAlerts, searchBlackouts, type NoticeSearch } from './queries.ts';

const LOCATION_NOT_FOUND = 'Location not found';
const locationNotFound = () => new HttpError(404, LOCATION_NOT_FOUND);

/**
 * Spec 3 §4, §8: a lot code is digits, and one that names no garage is "Location not found" —
 * the text the driver reads, so it is the whole message (no "Invalid param: …" around it). Digits
 * of another length are simply no garage (404); anything else is not a lot code (400).
 */
const locationNumberParam = v.object({
  locationNumber: v.pipe(v.string(), v.regex(/^\d{1,12}$/, LOCATION_NOT_FOUND)),
});

function toNoticeSearch(body: v.InferOutput<typeof noticeSearchRequestSchema>): NoticeSearch {
  return {
    locationIds: body.locationIds,
    window: searchWindow(new Date(body.startDateUtc), new Date(body.endDateUtc), body.allDay),
    page: body.page,
    pageSize: body.pageSize,
  };
}

export function createLocationsApi({ db, now }: Deps) {
  const locationsList = createLocationsListCache(db);
  return new Hono()
    .get('/locations', async (c) => sendPreparedJson(c, await locationsList.current()))
    .get('/locations/blackouts/:filter', async (c) => {
      const filter = parseBlackoutFilter(c.req.param('filter'));
      if (!filter) throw new HttpError(400, 'Invalid param: filter must be 0 (all), 1 (past), 2 (current) or 3 (future)');
      const at = now();
      const blackouts = await listAllBlackouts(db);
      return c.json(blackouts.filter((b) => matchesFilter({ start: new Date(b.startDateUtc), end: new Date(b.endDateUtc) }, filter, at)));
    })
    .post('/locations/blackouts/search', validate('json', noticeSearchRequestSchema), async (c) => {
      return c.json(await searchBlackouts(db, toNoticeSearch(c.req.valid('json'))));
    })
    .post('/locations/notifications/search', validate('json', noticeSearchRequestSchema), async (c) => {
      const search = toNoticeSearch(c.req.valid('json'));
      const [blackouts, alerts] = await Promise.all([searchBlackouts(db, search), searchAlerts(db, search)]);
      return c.json({ blackouts, alerts });
    })
    .get('/locations/by-number/:locationNumber', async (c) => {
      const lotCode = v.safeParse(locationNumberParam, c.req.param());
      if (!lotCode.success) throw new HttpError(400, LOCATION_NOT_FOUND);
      const location = await findLocationByNumber(db, lotCode.output.locationNumber);
      if (!location) throw locationNotFound();
      return c.json(location);
    })
    .get('/locations/:id', validate('param', idParam), async (c) => {
      const location = await findLocation(db, c.req.valid('param').id);
      if (!location) throw locationNotFound();
      return c.json(location);
    });
}
