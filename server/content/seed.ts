/**
 * Seeds the content service: content items (promo tiles, marketing pins, search content), the
 * oversize-vehicles and locations-list bodies, banners (relative to `now`) and static pages.
 */
import type { Db } from '../db/client.ts';
import { buildBanners } from './seed-data/banners.ts';
import { buildLocationsListHtml, LOCATIONS_LIST_CONTENT_ID, OVERSIZE_CONTENT_ID, OVERSIZE_VEHICLES_HTML } from './seed-data/blocks.ts';
import { CONTENT_ITEMS } from './seed-data/content-items.ts';
import { COMPANY_PAGES } from './seed-data/pages-company.ts';
import { HELP_PAGES } from './seed-data/pages-help.ts';
import { LEGAL_PAGES } from './seed-data/pages-legal.ts';
import { MONTHLY_TERMS_PAGE } from './seed-data/pages-monthly-terms.ts';

export const ALL_PAGES = [...COMPANY_PAGES, ...HELP_PAGES, ...LEGAL_PAGES, MONTHLY_TERMS_PAGE];

export async function seedContent(tx: Db, now: Date): Promise<void> {
  for (const item of CONTENT_ITEMS) {
    await tx.query(
      `insert into content_items (content_id, content_type_id, slug, header, card_html, content_html, link_url, link_type, latitude, longitude, display_order)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [item.contentId, item.contentTypeId, item.slug, item.header, item.cardHtml, item.contentHtml, item.linkUrl, item.linkType, item.latitude, item.longitude, item.displayOrder],
    );
  }
  await tx.query('insert into content_blocks (content_id, block_key, body_html) values ($1, $2, $3), ($4, $5, $6)', [
    OVERSIZE_CONTENT_ID, 'oversize-vehicles', OVERSIZE_VEHICLES_HTML,
    LOCATIONS_LIST_CONTENT_ID, 'locations-list', buildLocationsListHtml(),
  ]);
  for (const banner of buildBanners(now)) {
    await tx.query(
      `insert into banners (banner_id, message_html, css_style, effective_from, effective_till, is_hidden, redirect_url, display_order)
       values ($1, $2, $3::jsonb, $4, $5, $6, $7, $8)`,
      [banner.bannerId, banner.messageHtml, JSON.stringify(banner.cssStyle), banner.effectiveFrom.toISOString(),
        banner.effectiveTill?.toISOString() ?? null, banner.isHidden, banner.redirectUrl, banner.displayOrder],
    );
    for (const route of banner.routes) {
      await tx.query('insert into banner_routes (banner_id, request_regex, referer_regex) values ($1, $2, $3)', [banner.bannerId, route.requestRegex, route.refererRegex]);
    }
  }
  for (const page of ALL_PAGES) {
    await tx.query('insert into static_pages (slug, title, description, keywords, body_html) values ($1, $2, $3, $4, $5)',
      [page.slug, page.title, page.description, page.keywords, page.bodyHtml]);
  }
}
