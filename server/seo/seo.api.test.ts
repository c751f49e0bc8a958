import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe('robots.txt and sitemap.xml', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('robots.txt points crawlers at the sitemap on the same origin and keeps them out of account and lot flows', async () => {
    const response = await app.request('http://parkfair.test/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Sitemap: http://parkfair.test/sitemap.xml');
    expect(text).toMatch(/^Disallow: \/my-account$/m);
    expect(text).toMatch(/^Allow: \/parkandpay\/welcome$/m);
  });

  it('sitemap.xml lists the public pages and every seeded garage page, with absolute URLs', async () => {
    const response = await app.request('http://parkfair.test/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(urls).toContain('http://parkfair.test/about');
    expect(urls).toContain('http://parkfair.test/parkandpay/welcome');
    expect(urls).not.toContain('http://parkfair.test/sign-in');
    const locations = (await (await app.request('/locations/api/locations')).json()) as { seoUrl: string }[];
    expect(locations.length).toBeGreaterThan(30);
    for (const location of locations) expect(urls).toContain(`http://parkfair.test/locations/${encodeURIComponent(location.seoUrl)}`);
    expect(new Set(urls).size).toBe(urls.length);
  });
});
