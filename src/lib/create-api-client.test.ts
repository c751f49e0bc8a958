import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './create-api-client';
import { ApiError, NetworkError, ResponseParseError } from './errors';

const itemSchema = v.object({ id: v.number(), name: v.string() });

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup({ responses, tokens = ['token-1', 'token-2'] }: { responses: Array<Response | Error>; tokens?: Array<string | null> }) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected fetch');
    if (next instanceof Error) throw next;
    return next;
  });
  const getToken = vi.fn(async (forceRefresh: boolean) => (forceRefresh ? (tokens[1] ?? null) : (tokens[0] ?? null)));
  const onUnauthorized = vi.fn(async () => undefined);
  const client = createApiClient({ fetch, getToken, onUnauthorized });
  const headersOf = (call: number): Headers => new Headers(fetch.mock.calls[call]?.[1]?.headers);
  return { client, fetch, getToken, onUnauthorized, headersOf };
}

describe('apiFetch', () => {
  it('sends X-Client-Version on every call, with and without a token', async () => {
    const signedIn = setup({ responses: [jsonResponse({ id: 1, name: 'a' })] });
    await signedIn.client.apiFetch('/x', { schema: itemSchema });
    expect(signedIn.headersOf(0).get('X-Client-Version')).toBe('3.1.340');
    expect(signedIn.headersOf(0).get('Authorization')).toBe('Bearer token-1');

    const anonymous = setup({ responses: [jsonResponse({ id: 1, name: 'a' })], tokens: [null, null] });
    await anonymous.client.apiFetch('/x', { schema: itemSchema });
    expect(anonymous.headersOf(0).get('X-Client-Version')).toBe('3.1.340');
    expect(anonymous.headersOf(0).has('Authorization')).toBe(false);
  });

  it('sends a JSON body with its content type and method', async () => {
    const { client, fetch, headersOf } = setup({ responses: [jsonResponse({ id: 2, name: 'b' })] });
    await client.apiFetch('/items', { method: 'POST', json: { name: 'b' }, schema: itemSchema });
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"name":"b"}');
    expect(headersOf(0).get('Content-Type')).toBe('application/json');
  });

  it('sends a multipart body as it is, leaving its content type to the browser', async () => {
    const { client, fetch, headersOf } = setup({ responses: [jsonResponse({ id: 3, name: 'c' })] });
    const form = new FormData();
    form.set('claim', '{}');
    await client.apiFetch('/claims', { method: 'POST', form, schema: itemSchema });
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(form);
    expect(headersOf(0).has('Content-Type')).toBe(false);
  });

  it('returns the parsed body', async () => {
    const { client } = setup({ responses: [jsonResponse({ id: 3, name: 'c', extra: true })] });
    await expect(client.apiFetch('/x', { schema: itemSchema })).resolves.toEqual({ id: 3, name: 'c' });
  });

  it('on a 401 refreshes the token once and retries once with the new token', async () => {
    const { client, fetch, getToken, onUnauthorized, headersOf } = setup({ responses: [jsonResponse({ message: 'expired' }, 401), jsonResponse({ id: 1, name: 'ok' })] });
    await expect(client.apiFetch('/x', { schema: itemSchema })).resolves.toEqual({ id: 1, name: 'ok' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(getToken.mock.calls.filter(([force]) => force)).toHaveLength(1);
    expect(headersOf(1).get('Authorization')).toBe('Bearer token-2');
    expect(headersOf(1).get('X-Client-Version')).toBe('3.1.340');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('forces sign-out after a second 401, without a third request', async () => {
    const { client, fetch, getToken, onUnauthorized } = setup({ responses: [jsonResponse({ message: 'expired' }, 401), jsonResponse({ message: 'Token revoked' }, 401)] });
    const failure = client.apiFetch('/x', { schema: itemSchema });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Token revoked' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(getToken.mock.calls.filter(([force]) => force)).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('forces sign-out without a retry when no token can be obtained', async () => {
    const { client, fetch, onUnauthorized } = setup({ responses: [jsonResponse({ message: 'no' }, 401)], tokens: [null, null] });
    await expect(client.apiFetch('/x', { schema: itemSchema })).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns an error answer into an ApiError with the body message', async () => {
    const { client } = setup({ responses: [jsonResponse({ message: 'locationId must be a number' }, 400)] });
    await expect(client.apiFetch('/x', { schema: itemSchema })).rejects.toMatchObject({ name: 'ApiError', status: 400, message: 'locationId must be a number' });
  });

  it('falls back to the status text when the error body has no message', async () => {
    const { client } = setup({ responses: [new Response('', { status: 503, statusText: 'Service Unavailable' })] });
    await expect(client.apiFetch('/x', { schema: itemSchema })).rejects.toMatchObject({ status: 503, message: 'Service Unavailable' });
  });

  it('surfaces a body that does not match the schema as a ResponseParseError', async () => {
    const { client } = setup({ responses: [jsonResponse({ id: 'one', name: 2 })] });
    const failure = client.apiFetch('/x', { schema: itemSchema });
    await expect(failure).rejects.toBeInstanceOf(ResponseParseError);
    await expect(failure).rejects.toThrow(/id/);
  });

  it('maps a failed fetch (offline) to a NetworkError', async () => {
    const { client } = setup({ responses: [new TypeError('Failed to fetch')] });
    await expect(client.apiFetch('/x', { schema: itemSchema })).rejects.toBeInstanceOf(NetworkError);
  });

  it('passes an abort through unchanged', async () => {
    const { client } = setup({ responses: [new DOMException('aborted', 'AbortError')] });
    await expect(client.apiFetch('/x', { schema: itemSchema })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
