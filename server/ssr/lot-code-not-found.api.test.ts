/**
 * An unknown lot code in a welcome link (/parkandpay/welcome?location=…, a garage's QR code or a
 * mistyped link) is "Location not found" (spec 3 §4, §8) in the server's HTML, with 404: a phone
 * whose scripts have not loaded (weak signal at the gate) reads it, and a crawler does not index
 * a garage that is not there. A known code stays 200 with its garage.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltApp } from '../lib/static-files.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { renderServerPages, type ServerRenderer } from './render-pages.ts';

const ENTRY_SERVER = '../../src/entry-server.tsx';
let t: TestApp;
let distDir: string;
let root: Hono;

beforeAll(async () => {
  t = await createTestApp();
  distDir = await mkdtemp(path.join(os.tmpdir(), 'parkfair-ssr-lot-'));
  await copyFile(path.join(import.meta.dirname, '../../index.html'), path.join(distDir, 'index.html'));
  root = new Hono();
  root.route('/', t.app);
  root.use('*', renderServerPages({ distDir, api: t.app, origin: 'https://parkfair.example', importRenderer: () => import(/* @vite-ignore */ ENTRY_SERVER) as Promise<ServerRenderer> }));
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
/** The page's text as a reader without scripts sees it: no tags, no React text separators. */
const visibleText = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ');

describe('an unknown lot code in the server-rendered welcome page', () => {
  it('says "Location not found" with 404, and still offers the lot-code form', async () => {
    for (const code of ['99999', '0000']) {
      const response = await get(`/parkandpay/welcome?location=${code}`);
      const html = await response.text();
      expect(visibleText(html)).toContain('Location not found');
      expect(response.status, code).toBe(404);
      expect(html).toContain('id="lot-code"');
      expect(visibleText(html)).not.toContain('Loading...');
    }
    // The first render transforms the app from source (Vite): on a loaded machine it alone took 30 s.
  }, 120_000);

  it('answers a known lot code with 200 and its garage', async () => {
    const response = await get('/parkandpay/welcome?location=1044');
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain('Lot code 1044');
    expect(text).not.toContain('Location not found');
  });
});
