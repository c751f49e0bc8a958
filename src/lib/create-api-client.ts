/**
 * The one way the client talks to the API (spec 1 §7, spec 2 §7, spec 3 §7):
 * - `X-Client-Version` on every call, `Authorization: Bearer …` when a token exists;
 * - a 401 refreshes the token once and retries once; a second 401 (or no token) forces sign-out;
 * - every answer is parsed with the caller's valibot schema (the contract is code);
 * - failures are values: `ApiError` (HTTP status + the body's message), `NetworkError`
 *   (no answer), `ResponseParseError` (answer does not match the contract).
 * Built by a factory so tests stub `fetch` and the session (the outside boundaries).
 */
import * as v from 'valibot';
import { CLIENT_VERSION } from './client-version';
import { ApiError, NetworkError, ResponseParseError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'PATCH';

export type ApiRequest<Schema extends v.GenericSchema> = {
  method?: HttpMethod;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as a multipart body instead (the browser writes its Content-Type with the boundary). */
  form?: FormData;
  schema: Schema;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type ApiClientDeps = {
  fetch: typeof fetch;
  /** The session's ID token (null when signed out); `forceRefresh` asks Firebase for a new one. */
  getToken: (forceRefresh: boolean) => Promise<string | null>;
  /** Forced sign-out after the refresh did not help. */
  onUnauthorized: () => void | Promise<void>;
  baseUrl?: string;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorMessageOf(body: unknown, response: Response): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) return body.message;
  if (typeof body === 'string' && body && body.length < 300) return body;
  return response.statusText || `Request failed with status ${response.status}`;
}

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? '';

  async function send(path: string, request: ApiRequest<v.GenericSchema>, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Client-Version': CLIENT_VERSION, ...request.headers };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    if (request.json !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await deps.fetch(`${baseUrl}${path}`, {
        method: request.method ?? 'GET',
        headers,
        body: request.form ?? (request.json === undefined ? undefined : JSON.stringify(request.json)),
        signal: request.signal,
      });
    } catch (error: unknown) {
      // An abort is the caller's decision (e.g. a superseded query): pass it through unchanged.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new NetworkError();
    }
  }

  async function apiFetch<Schema extends v.GenericSchema>(path: string, request: ApiRequest<Schema>): Promise<v.InferOutput<Schema>> {
    let response = await send(path, request, await deps.getToken(false));
    if (response.status === 401) {
      const refreshed = await deps.getToken(true);
      if (refreshed) response = await send(path, request, refreshed);
      if (!refreshed || response.status === 401) {
        await deps.onUnauthorized();
        throw new ApiError(401, errorMessageOf(await readBody(response), response));
      }
    }
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, errorMessageOf(body, response));
    const result = v.safeParse(request.schema, body);
    if (!result.success) {
      throw new ResponseParseError(path, result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`));
    }
    return result.output;
  }

  return { apiFetch };
}
