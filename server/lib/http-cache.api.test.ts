/**
 * Compression and revalidation of API reads (http-cache.ts), through the real app: what a phone
 * on a weak garage signal pays for a refresh that finds nothing new.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISION_CHECK_MS } from '../locations/list-cache.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const LIST = '/locations/api/locations';
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('the locations list', () => {
  it('is sent with brotli or gzip, as the client accepts, and decodes to the plain body', async () => {
    const plain = await t.request(LIST);
    const plainBody = await bytesOf(plain);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plainBody.length).toBeGreaterThan(50_000);

    const br = await t.request(LIST, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    const brBody = await bytesOf(br);
    expect(brBody.length).toBeLessThan(plainBody.length / 5);
    expect(brotliDecompressSync(brBody).equals(plainBody)).toBe(true);

    const gz = await t.request(LIST, { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gz)).equals(plainBody)).toBe(true);

    const refused = await t.request(LIST, { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.get('Content-Encoding')).toBeNull();
    for (const response of [plain, br, gz]) {
      expect(response.headers.get('Vary')).toContain('Accept-Encoding');
      expect(response.headers.get('Cache-Control')).toBe('public, no-cache');
    }
  });

  it('carries a strong ETag per encoding, and any of them revalidates to an empty 304', async () => {
    const plain = await t.request(LIST);
    const br = await t.request(LIST, { headers: { 'Accept-Encoding': 'br' } });
    const etag = plain.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(br.headers.get('ETag')).toBe(`${etag.slice(0, -1)}-br"`);

    for (const held of [etag, br.headers.get('ETag') ?? '', `"other", W/${etag}`]) {
      const again = await t.request(LIST, { headers: { 'Accept-Encoding': 'gzip, br', 'If-None-Match': held } });
      expect(again.status).toBe(304);
      expect((await bytesOf(again)).length).toBe(0);
      expect(again.headers.get('ETag')).toBe(`${etag.slice(0, -1)}-br"`);
      expect(again.headers.get('Cache-Control')).toBe('public, no-cache');
    }
    const stale = await t.request(LIST, { headers: { 'If-None-Match': '"not-this-body"' } });
    expect(stale.status).toBe(200);
  });

  it('changes once a garage changes, whoever changed it (within the revision check interval)', async () => {
    const before = await t.request(LIST);
    const etag = before.headers.get('ETag') ?? '';
    await t.db.query(`update locations set phone1 = '(212) 555-0199' where location_id = 1`);
    await sleep(REVISION_CHECK_MS + 10);
    const after = await t.request(LIST, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(etag);
    const [first] = (await after.json()) as { phone1: string }[];
    expect(first?.phone1).toBe('(212) 555-0199');
  });

  it('is private when asked with a token', async () => {
    const response = await t.request(LIST, { headers: { Authorization: 'Bearer anything' } });
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
  });
});

describe('every other JSON read', () => {
  it('gets an ETag and a 304 too, and is private outside the public services', async () => {
    const path = '/accounts/api/customers/get-car-makes';
    const first = await t.request(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}(-gzip)?"$/);
    const again = await t.request(path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('leaves small bodies uncompressed and errors without a validator', async () => {
    const small = await t.request('/accounts/api/customers/get-vehicle-types', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.status).toBe(200);
    expect((await bytesOf(small)).length).toBeLessThan(1024);
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(small.headers.get('ETag')).toMatch(/^"[\w-]{27}"$/);
    const missing = await t.request('/locations/api/locations/9999', { headers: { 'Accept-Encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('ETag')).toBeNull();
    expect(missing.headers.get('Content-Encoding')).toBeNull();
  });
});
