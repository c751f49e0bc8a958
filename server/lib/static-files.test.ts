/**
 * The built PWA's encodings are negotiated by the same rule as the API's (http-cache.ts
 * `chooseEncoding`): brotli first, gzip next, and an encoding the client refuses with q=0 is
 * never sent.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltApp } from './static-files.ts';

const SCRIPT = `export const lines = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `line ${index}`))};\n`;
let distDir: string;
let app: Hono;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'parkfair-static-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'assets/app-1a2b.js'), SCRIPT);
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>ParkFair</title>');
  app = new Hono().use('*', serveBuiltApp(distDir));
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

const fetchScript = (acceptEncoding: string) => app.request('/assets/app-1a2b.js', { headers: { 'Accept-Encoding': acceptEncoding } });

describe('static file encodings', () => {
  it('sends brotli when accepted, gzip when brotli is refused with q=0, plain when neither is accepted', async () => {
    expect((await fetchScript('gzip, deflate, br')).headers.get('Content-Encoding')).toBe('br');
    const gzipped = await fetchScript('br;q=0, gzip');
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await fetchScript('br;q=0, gzip;q=0');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });
});
