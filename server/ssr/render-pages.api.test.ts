/**
 * The server renderer through the real app (README "Server rendering"): the public pages come back
 * rendered with their data, head tags and query cache; an unknown location is the not-found page
 * with 404 (not a 500); pages that are not server-rendered fall through to the shell.
 * The renderer is src/entry-server.tsx from source (Vite transforms it as the build does).
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltApp } from '../lib/static-files.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { renderServerPages, type ServerRenderer } from './render-pages.ts';
import { SSR_STATE_ID } from './html-document.ts';

const ORIGIN = 'https://parkfair.example';
/** A path in a variable: the server's TypeScript project does not compile src/ (JSX); Vitest's Vite does. */
const ENTRY_SERVER = '../../src/entry-server.tsx';
let t: TestApp;
let distDir: string;
let root: Hono;

beforeAll(async () => {
  t = await createTestApp();
  // The renderer suggests a search's times from the real clock (Date.now, as the browser does), so
  // the API prices them on that clock too: on the pinned TEST_NOW, from 90 days after it those
  // times were past MAX_DAYS_AHEAD and the search page fell back to the shell.
  t.clock.now = new Date();
  distDir = await mkdtemp(path.join(os.tmpdir(), 'parkfair-ssr-'));
  // The unbuilt shell has the same #root and <noscript> the renderer fills in.
  await copyFile(path.join(import.meta.dirname, '../../index.html'), path.join(distDir, 'index.html'));
  root = new Hono();
  root.route('/', t.app);
  root.use('*', renderServerPages({ distDir, api: t.app, origin: ORIGIN, importRenderer: () => import(/* @vite-ignore */ ENTRY_SERVER) as Promise<ServerRenderer> }));
  root.use('*', serveBuiltApp(distDir));
  // Loading the renderer compiles the whole app from source (seconds, more under load): a setup
  // cost, not the first test's, so the tests time their renders only.
  await import(/* @vite-ignore */ ENTRY_SERVER);
}, 180_000);
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string) => root.request(url, { headers: { Accept: 'text/html' } });

/** The query cache the page was rendered with, as the browser reads it. */
function serverState(html: string): { queries: Array<{ queryKey: unknown[] }> } {
  const match = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}"[^>]*>([\\s\\S]*?)</script>`).exec(html);
  if (!match?.[1]) throw new Error('no server state in the page');
  return JSON.parse(match[1]) as { queries: Array<{ queryKey: unknown[] }> };
}

describe('server-rendered pages', () => {
  it('renders a location page with its data, head tags, JSON-LD and query cache', async () => {
    const response = await get('/locations/123-w-44th-st-new-york');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<main[^>]*>[\s\S]*<h1>[^<]*123 W 44th St[^<]*<\/h1>/);
    expect(html).toContain('<link data-ssr-head rel="canonical" href="https://parkfair.example/locations/123-w-44th-st-new-york"/>');
    expect(html).toMatch(/<meta data-ssr-head property="og:title" content="[^"]*ParkFair"/);
    expect(html).toMatch(/<script data-ssr-head type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"ParkingFacility"/);
    expect(serverState(html).queries.map((query) => query.queryKey)).toEqual(expect.arrayContaining([['locations'], ['content', 'banners']]));
    // The shell's "needs JavaScript" line goes: the page is there without it.
    expect(html).not.toContain('<noscript>');
  });

  it('answers an unknown location slug with the not-found page and 404, not a 500', async () => {
    const response = await get('/locations/no-such-garage');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('No Parking Here');
    // The browser renders the not-found page itself (its router moves to /no-parking).
    expect(html).toMatch(new RegExp(`id="${SSR_STATE_ID}" data-hydrate="false"`));
  });

  it('renders a content page from the content service and the welcome page with its garage', async () => {
    const faq = await get('/FAQ');
    expect(faq.status).toBe(200);
    expect(await faq.text()).toContain('Frequently Asked Questions');
    const welcome = await get('/parkandpay/welcome?location=1044');
    expect(welcome.status).toBe(200);
    expect(await welcome.text()).toMatch(/Lot code (<!-- -->)?1044/);
  });

  it('renders a search with its priced results and the query cache the screen reads', async () => {
    const response = await get('/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title[^>]*>Parking near Penn Station \| ParkFair<\/title>/);
    expect(html).toContain('<link data-ssr-head rel="canonical" href="https://parkfair.example/search/results"/>');
    // Garages with their all-in totals, not skeleton rows.
    expect(html).not.toContain('result-tile--skeleton');
    expect(html).toMatch(/<h3 [^>]*class="result-tile__address">123 W 44th St<\/h3>/);
    expect([...html.matchAll(/data-testid="result-total">\$\d+(\.\d\d)?/g)].length).toBeGreaterThan(3);
    const keys = serverState(html).queries.map((query) => query.queryKey.slice(0, 2).join(' '));
    expect(keys).toEqual(expect.arrayContaining(['locations', 'search daily', 'search walking']));
    // Drawn for the suggested times: the address with them, for the browser to take before its router starts.
    const address = /data-address="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const url = new URL(address, 'https://parkfair.example');
    expect(url.pathname).toBe('/search/results');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'Penn-Station', lat: '40.750500', lng: '-73.993400', from: expect.stringMatching(/^\d\d-\d\d-\d{4}T\d{1,2}:\d\d[AP]M$/), to: expect.stringMatching(/^\d\d-\d\d-\d{4}T/) });
    // A link that names its times is drawn for them: nothing to fill in.
    const named = await (await get(`/search/results?${url.searchParams.toString()}`)).text();
    expect(named).toContain(`id="${SSR_STATE_ID}"`);
    expect(named).not.toContain('data-address');
  });

  it('compresses the page when the browser accepts it', async () => {
    const response = await root.request('/locations', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
  });

  it('leaves other pages to the shell', async () => {
    const response = await get('/parkandpay/session');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<noscript>');
    expect(html).not.toContain(SSR_STATE_ID);
  });
});
