import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bannerListSchema, COVID_BANNER_ID, STATIC_PAGE_SLUGS, staticPageSchema } from '../../src/contract/content.ts';
import { TEST_NOW } from '../testing/test-clock.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
beforeEach(() => { t.clock.now = new Date(TEST_NOW); });

async function getBanners() {
  const response = await t.request('/content/api/content/banners');
  expect(response.status).toBe(200);
  return v.parse(bannerListSchema, await response.json());
}

describe('GET /content/api/content/banners', () => {
  it('derives isExpired from the effective window: one expired, one hidden, one live on home and search', async () => {
    const banners = await getBanners();
    const byId = new Map(banners.map((b) => [b.bannerId, b]));
    expect(byId.get(1)).toMatchObject({ isExpired: true, isHidden: false });
    expect(byId.get(2)).toMatchObject({ isExpired: false, isHidden: true });
    const live = byId.get(3);
    expect(live).toMatchObject({ isExpired: false, isHidden: false, redirectUrl: '/locations' });
    expect(live?.bannerRoutes.map((r) => r.requestRegex)).toEqual(['^/$', '^/search']);
    expect(live?.cssClass).toEqual({ backgroundColor: '#0b5c3b', color: '#ffffff' });
  });

  it('has the health-and-safety banner that maps to /covid-19', async () => {
    const covid = (await getBanners()).find((b) => b.bannerId === COVID_BANNER_ID);
    expect(covid).toMatchObject({ redirectUrl: '/covid-19', isExpired: false, effectiveTill: null });
  });

  it('expires the live banner once the clock passes its effectiveTill', async () => {
    const live = (await getBanners()).find((b) => b.bannerId === 3)!;
    t.clock.now = new Date(live.effectiveTill!);
    expect((await getBanners()).find((b) => b.bannerId === 3)?.isExpired).toBe(true);
  });

  it('carries referer-only routes', async () => {
    const referer = (await getBanners()).find((b) => b.bannerRoutes.some((r) => r.requestRegex === null));
    expect(new RegExp(referer!.bannerRoutes[0]!.refererRegex!).test('https://spothero.com/checkout')).toBe(true);
  });
});

describe('GET /content/api/content/pages/{slug}', () => {
  it('serves every static page with head metadata and several paragraphs of body', async () => {
    for (const slug of STATIC_PAGE_SLUGS) {
      const response = await t.request(`/content/api/content/pages/${slug}`);
      expect(response.status, slug).toBe(200);
      const page = v.parse(staticPageSchema, await response.json());
      expect(page.slug).toBe(slug);
      expect(page.title.length).toBeGreaterThan(5);
      expect(page.description.length).toBeGreaterThan(40);
      expect(page.bodyHtml).toMatch(/^<h1>/);
      if (slug !== 'sitemap') expect((page.bodyHtml.match(/<p>/g) ?? []).length, slug).toBeGreaterThanOrEqual(3);
    }
  });

  it('is case-insensitive, so /FAQ finds the faq page', async () => {
    const page = v.parse(staticPageSchema, await (await t.request('/content/api/content/pages/FAQ')).json());
    expect(page.slug).toBe('faq');
  });

  it('states the company facts the specs require', async () => {
    const body = async (slug: string) => v.parse(staticPageSchema, await (await t.request(`/content/api/content/pages/${slug}`)).json()).bodyHtml;
    const about = await body('about');
    expect(about).toContain('nearly 40 locations');
    expect(about).toContain('about 10,000 spaces');
    expect(about).toContain('1956');
    const contact = await body('contact-us');
    expect(contact).toContain('Monday to Friday, 8:30 AM to 5:00 PM');
    expect(contact).toContain('customercare@parkfair.example');
    const monthly = await body('monthly-terms-and-conditions');
    for (const term of ['Revised June 22, 2022', '$15.00', '$20.00', '$1,000.00', '$25,000.00', 'by the 25th', 'within 5 days', 'more than two months', '120 days', '3%', '12 months', 'within one year', 'within 30 days']) {
      expect(monthly, term).toContain(term);
    }
  });

  it('answers 404 for an unknown page and 400 for a malformed slug', async () => {
    const missing = await t.request('/content/api/content/pages/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Page was not found.' });
    const bad = await t.request('/content/api/content/pages/faq.html');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/slug: must be letters, digits and dashes/);
  });
});
