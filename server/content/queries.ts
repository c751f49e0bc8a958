/** All SQL of the content service, and the mapping from rows to the contract's shapes. */
import type { Banner, ContentItem, StaticPage } from '../../src/contract/content.ts';
import type { Db } from '../db/client.ts';
import { isBannerExpired } from './banner-expiry.ts';

type ContentRow = {
  content_id: number; content_type_id: ContentItem['contentTypeId']; slug: string; header: string; card_html: string;
  content_html: string; link_url: string | null; link_type: 'EXTERNAL' | 'INTERNAL' | null; latitude: number | null;
  longitude: number | null; display_order: number;
};

const toContentItem = (row: ContentRow): ContentItem => ({
  contentId: row.content_id, contentTypeId: row.content_type_id, slug: row.slug, header: row.header,
  cardHtml: row.card_html, contentHtml: row.content_html, linkUrl: row.link_url,
  linkType: row.link_type ? { typeName: row.link_type } : null,
  latitude: row.latitude, longitude: row.longitude, displayOrder: row.display_order,
});

export async function listContent(db: Db): Promise<ContentItem[]> {
  const rows = await db.query<ContentRow>('select * from content_items order by content_type_id, display_order, content_id');
  return rows.map(toContentItem);
}

export async function listContentByType(db: Db, typeId: number): Promise<ContentItem[]> {
  const rows = await db.query<ContentRow>('select * from content_items where content_type_id = $1 order by display_order, content_id', [typeId]);
  return rows.map(toContentItem);
}

export async function findContent(db: Db, contentId: number): Promise<ContentItem | undefined> {
  const [row] = await db.query<ContentRow>('select * from content_items where content_id = $1', [contentId]);
  return row && toContentItem(row);
}

export async function findContentBlock(db: Db, key: 'oversize-vehicles' | 'locations-list'): Promise<{ contentId: number; bodyHtml: string } | undefined> {
  const [row] = await db.query<{ content_id: number; body_html: string }>('select content_id, body_html from content_blocks where block_key = $1', [key]);
  return row && { contentId: row.content_id, bodyHtml: row.body_html };
}

type BannerRow = {
  banner_id: number; message_html: string; css_style: Record<string, string>; effective_from: Date;
  effective_till: Date | null; is_hidden: boolean; redirect_url: string | null;
};
type BannerRouteRow = { banner_route_id: number; banner_id: number; request_regex: string | null; referer_regex: string | null };

/** Every banner with its routes; isExpired is computed against `now` (the client applies the show rules). */
export async function listBanners(db: Db, now: Date): Promise<Banner[]> {
  const banners = await db.query<BannerRow>('select * from banners order by display_order, banner_id');
  const routes = await db.query<BannerRouteRow>('select * from banner_routes order by banner_id, banner_route_id');
  return banners.map((row) => ({
    bannerId: row.banner_id,
    message: row.message_html,
    cssClass: row.css_style,
    effectiveFrom: row.effective_from.toISOString(),
    effectiveTill: row.effective_till ? row.effective_till.toISOString() : null,
    isExpired: isBannerExpired({ effectiveFrom: row.effective_from, effectiveTill: row.effective_till }, now),
    isHidden: row.is_hidden,
    redirectUrl: row.redirect_url,
    bannerRoutes: routes
      .filter((route) => route.banner_id === row.banner_id)
      .map((route) => ({ bannerRouteId: route.banner_route_id, requestRegex: route.request_regex, refererRegex: route.referer_regex })),
  }));
}

export async function findStaticPage(db: Db, slug: string): Promise<StaticPage | undefined> {
  const [row] = await db.query<{ slug: string; title: string; description: string; keywords: string; body_html: string }>(
    'select slug, title, description, keywords, body_html from static_pages where slug = $1',
    [slug],
  );
  return row && { slug: row.slug, title: row.title, description: row.description, keywords: row.keywords, bodyHtml: row.body_html };
}
