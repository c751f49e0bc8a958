import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe('robots.txt and sitemap.xml', () => {
  let app: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    configured = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://parkfair.example/ignored-path' } });
  });
  afterAll(async () => {
    await app.close();
    await configured.close();
  });

  it('robots.txt points crawlers at the sitemap and keeps them out of account and lot flows', async () => {
    const response = await configured.request('http://parkfair.test/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Sitemap: https://parkfair.example/sitemap.xml');
    expect(text).toMatch(/^Disallow: \/my-account$/m);
    expect(text).toMatch(/^Allow: \/parkandpay\/welcome$/m);
  });

  it('never takes the origin from the Host header: without PUBLIC_ORIGIN links name the loopback server', async () => {
    const robots = await (await app.request('http://attacker.example/robots.txt', { headers: { Host: 'attacker.example' } })).text();
    expect(robots).toContain('Sitemap: http://127.0.0.1:8080/sitemap.xml');
    const sitemap = await (await app.request('http://attacker.example/sitemap.xml', { headers: { Host: 'attacker.example' } })).text();
    expect(sitemap).not.toContain('attacker.example');
    expect(sitemap).toContain('<loc>http://127.0.0.1:8080/about</loc>');
  });

  it('sitemap.xml lists the public pages and every seeded garage page, with absolute URLs', async () => {
    const response = await configured.request('http://parkfair.test/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(urls).toContain('https://parkfair.example/about');
    expect(urls).toContain('https://parkfair.example/parkandpay/welcome');
    expect(urls).not.toContain('https://parkfair.example/sign-in');
    const locations = (await (await app.request('/locations/api/locations')).json()) as { seoUrl: string }[];
    expect(locations.length).toBeGreaterThan(30);
    for (const location of locations) expect(urls).toContain(`https://parkfair.example/locations/${encodeURIComponent(location.seoUrl)}`);
    expect(new Set(urls).size).toBe(urls.length);
  });
});
