/**
 * POST /plates/api/recognize through the real app. The identity provider is outside this module,
 * so a stub verifier stands in for Firebase here ('good' is a signed-in driver); the suites of
 * the account flows exercise the real emulator-backed verifier.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLATE_IMAGE_BYTES, recognizeResponseSchema } from '../../src/contract/plates.ts';
import type { TokenVerifier } from '../lib/auth.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { PLATE_FIXTURES } from './testing/plate-fixtures.ts';

const verifyToken: TokenVerifier = async (token) =>
  token === 'good' ? { uid: 'driver-1', email: undefined, phoneNumber: undefined } : Promise.reject(new Error('bad token'));

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp({ verifyToken });
});
afterAll(async () => {
  await api.close();
});

/** `token: null` sends no Authorization header. */
const recognize = (body: unknown, token: string | null = 'good') =>
  api.request('/plates/api/recognize', { method: 'POST', json: body, ...(token ? { token } : {}) });

const photo = (relative: string) => readFileSync(path.join(PLATE_FIXTURES, relative)).toString('base64');

describe('POST /plates/api/recognize', () => {
  it('refuses callers who are not signed in', async () => {
    const response = await recognize({ base64Image: photo('real/full/001.png') }, null);
    expect(response.status).toBe(401);
    expect((await response.json()).message).toMatch(/sign in/i);
    expect((await recognize({ base64Image: 'AAAA' }, 'forged')).status).toBe(401);
  });

  it('reads the Czech plate of the real photo, with ranked candidates', async () => {
    const response = await recognize({ base64Image: photo('real/full/001.png') });
    expect(response.status).toBe(200);
    const body = v.parse(recognizeResponseSchema, await response.json());
    const [first] = body.results;
    expect(first?.plate).toBe('5AU5341');
    expect(first?.candidates[0]?.plate).toBe(first?.plate);
    expect(first?.candidates.length).toBeGreaterThan(1);
    expect(first?.candidates.length).toBeLessThanOrEqual(5);
    expect(first!.box.xmax).toBeGreaterThan(first!.box.xmin);
    expect(body.processingTimeMs).toBeGreaterThan(0);
  });

  it('accepts a data URL and reads a made NY plate', async () => {
    const response = await recognize({ base64Image: `data:image/jpeg;base64,${photo('made/us-005-ny.jpg')}` });
    expect(response.status).toBe(200);
    const body = v.parse(recognizeResponseSchema, await response.json());
    const readings = [body.results[0]?.plate, ...(body.results[0]?.candidates.map((c) => c.plate) ?? [])];
    expect(readings).toContain('JAC7283');
  });

  it('answers 200 with no results for a photo without a plate', async () => {
    const blank = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#777' } }).jpeg().toBuffer();
    const response = await recognize({ base64Image: blank.toString('base64') });
    expect(response.status).toBe(200);
    expect((await response.json()).results).toEqual([]);
  });

  it.each([
    ['a missing field', {}, /base64Image/],
    ['a number', { base64Image: 42 }, /base64Image must be a string/],
    ['an empty string', { base64Image: '' }, /must not be empty/],
    ['text that is not base64', { base64Image: 'this is not base64!' }, /not valid base64/],
    ['base64 that is not an image', { base64Image: Buffer.from('hello, I am a text file').toString('base64') }, /not a readable image/],
    ['a data URL of another type', { base64Image: 'data:text/plain;base64,aGVsbG8=' }, /not an image/],
  ])('answers 400 with a clear message for %s', async (_, body, message) => {
    const response = await recognize(body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await api.request('/plates/api/recognize', {
      method: 'POST',
      token: 'good',
      headers: { 'Content-Type': 'application/json' },
      body: '{"base64Image": ',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBeTruthy();
  });

  it('answers 413 for a photo over 12 MB before decoding it, and keeps serving', async () => {
    const tooBig = 'A'.repeat(Math.ceil((MAX_PLATE_IMAGE_BYTES * 4) / 3) + 200_000);
    const response = await recognize({ base64Image: tooBig });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/larger than 12 MB/);
    const justOver = 'A'.repeat(Math.ceil(((MAX_PLATE_IMAGE_BYTES + 4) * 4) / 3 / 4) * 4);
    expect((await recognize({ base64Image: justOver })).status).toBe(413);
    expect((await recognize({ base64Image: photo('real/full/001.png') })).status).toBe(200);
  });
});
