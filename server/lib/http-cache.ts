/**
 * API responses that a weak garage signal can afford: every successful GET of JSON under
 * `/<service>/api/` gets
 *   - a strong `ETag` (a hash of the body), and `If-None-Match` with it answers 304 with no body;
 *   - brotli or gzip when the body is over 1 KB and the client accepts it (`Vary: Accept-Encoding`);
 *     each encoding is its own representation, so its ETag carries a suffix (`"…-br"`), and a
 *     client holding any encoding of the same body gets the 304;
 *   - `Cache-Control`: `private, no-cache` by default (a ticket or a pass is personal even without a
 *     token), `public, no-cache` for the operator's public data (PUBLIC_API_PREFIXES) asked without
 *     a token. `no-cache` means "store it, but ask before reusing it": nothing stale is ever shown
 *     as fresh, and the question costs a 304 of a few hundred bytes. A route that sets its own
 *     Cache-Control keeps it.
 * Hot, rarely changing bodies (the locations list) are prepared once with `prepareJson` and sent
 * with `sendPreparedJson`, which keeps their compressed forms; the middleware leaves a response
 * that already has an ETag alone.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

/** Below this, compression saves less than the headers it adds. */
const COMPRESS_MIN_BYTES = 1024;
/** Services whose GETs are the same for everyone (garages, page copy, rate boards). */
const PUBLIC_API_PREFIXES = ['/locations/api/', '/content/api/', '/rates/api/'];

export type Encoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A JSON body with its validator and its compressed forms, each made once on first use. */
export type PreparedJson = { etag: string; body: Bytes; encoded(encoding: Encoding): Promise<Bytes> };
type Bytes = Uint8Array<ArrayBuffer>;
/** A Buffer as the bytes a Response takes (the same memory; Node buffers are ArrayBuffer-backed). */
const asBytes = (buffer: Buffer): Bytes => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

/**
 * `effort` 'max' (brotli 11, gzip 9) is for bodies prepared once and sent many times; 'fast'
 * (brotli 5, gzip 6: a few ms for 100 KB, off the event loop) for bodies made per request.
 */
export function prepareJson(value: unknown, effort: 'fast' | 'max' = 'max'): PreparedJson {
  return prepareBody(asBytes(Buffer.from(JSON.stringify(value))), effort);
}

function prepareBody(body: Bytes, effort: 'fast' | 'max'): PreparedJson {
  const etag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const made = new Map<Encoding, Promise<Bytes>>();
  const encode = async (encoding: Encoding) =>
    asBytes(
      encoding === 'br'
        ? await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gzipAsync(body, { level: effort === 'max' ? 9 : 6 }),
    );
  return {
    etag,
    body,
    encoded(encoding) {
      let result = made.get(encoding);
      if (!result) {
        result = encode(encoding);
        made.set(encoding, result);
      }
      return result;
    },
  };
}

/** The best encoding the request accepts (brotli first, q=0 honoured), or undefined for none; API and static files alike. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return undefined;
}

/** True when `If-None-Match` names this body in any of its encodings (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => {
    const opaque = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return opaque.replace(/-(br|gzip)$/, '') === etag;
  });
}

/** Who may store the response: see the file comment. */
export function cacheControlFor(path: string, hasToken: boolean): string {
  const isPublic = !hasToken && PUBLIC_API_PREFIXES.some((prefix) => path.startsWith(prefix));
  return isPublic ? 'public, no-cache' : 'private, no-cache';
}

/** The 200 (or 304) for a prepared body, negotiated against the request's headers. */
export async function sendPreparedJson(c: Context, prepared: PreparedJson, headers: Headers = new Headers()): Promise<Response> {
  const encoding = prepared.body.length > COMPRESS_MIN_BYTES ? chooseEncoding(c.req.header('Accept-Encoding')) : undefined;
  headers.set('ETag', `"${prepared.etag}${encoding ? `-${encoding}` : ''}"`);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', cacheControlFor(c.req.path, c.req.header('Authorization') !== undefined));
  if (prepared.body.length > COMPRESS_MIN_BYTES) headers.append('Vary', 'Accept-Encoding');
  headers.delete('Content-Length');
  if (matchesIfNoneMatch(c.req.header('If-None-Match'), prepared.etag)) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Type', 'application/json');
  if (!encoding) return new Response(prepared.body, { status: 200, headers });
  headers.set('Content-Encoding', encoding);
  return new Response(await prepared.encoded(encoding), { status: 200, headers });
}

/** The middleware: one line in app.ts. */
export function httpCache(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || !/^\/[a-z-]+\/api\//.test(c.req.path)) return;
    const response = c.res;
    const isJson = response.headers.get('Content-Type')?.startsWith('application/json') ?? false;
    if (response.status !== 200 || !isJson || response.headers.has('ETag') || response.headers.has('Content-Encoding')) return;
    const prepared = prepareBody(new Uint8Array(await response.arrayBuffer()), 'fast');
    const negotiated = await sendPreparedJson(c, prepared, new Headers(response.headers));
    // Setting c.res merges the old response's headers into the new one; clear it first.
    c.res = undefined;
    c.res = negotiated;
  };
}
