import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError, isUpstreamUnreachable, UPSTREAM_UNREACHABLE_MESSAGE } from './http-error.ts';

/** firebase-admin's shape when the Auth emulator (or Google) cannot be reached. */
function firebaseNetworkError(): Error {
  const error = new Error('Error while making request: connect ECONNREFUSED 127.0.0.1:9099. Error code: ECONNREFUSED');
  Object.assign(error, { code: 'app/network-error' });
  return error;
}

describe('isUpstreamUnreachable', () => {
  it("knows firebase-admin's network errors and socket errors, also as a cause", () => {
    expect(isUpstreamUnreachable(firebaseNetworkError())).toBe(true);
    expect(isUpstreamUnreachable(new Error('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }))).toBe(true);
  });

  it('leaves programming errors and other failures alone', () => {
    expect(isUpstreamUnreachable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isUpstreamUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isUpstreamUnreachable('ECONNREFUSED')).toBe(false);
  });
});

describe('handleError', () => {
  const app = new Hono();
  app.onError(handleError);
  app.get('/identity', () => {
    throw firebaseNetworkError();
  });
  app.get('/bug', () => {
    throw new TypeError('boom');
  });

  it('answers 503 with the spec text and Retry-After when a service we call is unreachable', async () => {
    const response = await app.request('/identity');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('30');
    expect(await response.json()).toEqual({ message: UPSTREAM_UNREACHABLE_MESSAGE });
  });

  it('keeps 500 for a fault of our own', async () => {
    expect((await app.request('/bug')).status).toBe(500);
  });
});
