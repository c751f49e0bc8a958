/**
 * /content/api: content items by id and type, the oversize-vehicles and locations-list bodies,
 * banners and static pages (spec 1 §7 "Content"). The fixed paths are registered before
 * /content/:id so "banners" is never read as an id.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CONTENT_TYPES } from '../../src/contract/content.ts';
import type { Deps } from '../deps.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { findContent, findContentBlock, findStaticPage, listBanners, listContent, listContentByType } from './queries.ts';

const KNOWN_TYPE_IDS: readonly number[] = Object.values(CONTENT_TYPES);

const typeParam = v.object({
  typeId: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a positive whole number'), v.transform(Number)),
});
/** Page slugs are case-insensitive (/FAQ → "faq"). */
const slugParam = v.object({
  slug: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,80}$/, 'must be letters, digits and dashes'), v.toLowerCase()),
});

export function createContentApi({ db, now }: Deps) {
  return new Hono()
    .get('/content', async (c) => c.json(await listContent(db)))
    .get('/content/type/:typeId', validate('param', typeParam), async (c) => {
      const { typeId } = c.req.valid('param');
      if (!KNOWN_TYPE_IDS.includes(typeId)) throw new HttpError(404, `Content type ${typeId} was not found.`);
      return c.json(await listContentByType(db, typeId));
    })
    .get('/content/oversize-vehicles', async (c) => {
      const block = await findContentBlock(db, 'oversize-vehicles');
      return c.json(block ? [{ contentId: block.contentId, oversizeVehicleContentValue: block.bodyHtml }] : []);
    })
    .get('/content/locations-list', async (c) => {
      const block = await findContentBlock(db, 'locations-list');
      return c.json(block ? [{ contentId: block.contentId, locationsListContentValue: block.bodyHtml }] : []);
    })
    .get('/content/banners', async (c) => c.json(await listBanners(db, now())))
    .get('/content/pages/:slug', validate('param', slugParam), async (c) => {
      const page = await findStaticPage(db, c.req.valid('param').slug);
      if (!page) throw notFound('Page');
      return c.json(page);
    })
    .get('/content/:id', validate('param', idParam), async (c) => {
      const item = await findContent(db, c.req.valid('param').id);
      if (!item) throw notFound('Content');
      return c.json(item);
    });
}
