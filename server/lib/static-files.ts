/**
 * Serves the built PWA from dist/: hashed assets cached for a year, the service worker and
 * index.html never cached, HTTP Range for the offline map tiles (.pmtiles), and index.html for
 * any other navigation so client routes (including /no-parking) work on a reload.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import { chooseEncoding, type Encoding } from './http-cache.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.pbf': 'application/x-protobuf',
  '.pmtiles': 'application/octet-stream',
  '.geojson': 'application/geo+json',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml|geojson)$/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Compressed bodies keyed by file, size and encoding: each asset is compressed once per process. */
const compressedCache = new Map<string, Buffer>();

async function compressedBody(file: string, size: number, encoding: Encoding): Promise<Buffer> {
  // The modification time is part of the key: a rebuild can keep a file's size but not its content.
  const { mtimeMs } = await stat(file);
  const key = `${file}:${size}:${mtimeMs}:${encoding}`;
  const cached = compressedCache.get(key);
  if (cached) return cached;
  const raw = await readFile(file);
  const body =
    encoding === 'br'
      ? await brotli(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : await gzipAsync(raw, { level: 9 });
  compressedCache.set(key, body);
  return body;
}

function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (relativePath === 'sw.js' || relativePath.endsWith('.html') || relativePath.endsWith('.webmanifest')) return 'no-cache';
  return 'public, max-age=3600';
}

async function fileSize(file: string): Promise<number | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
}

function parseRange(header: string, size: number): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start <= end && start < size ? { start, end } : undefined;
}

/** The request path without its leading slashes, decoded once; undefined for a broken % escape. */
function decodePath(requestPath: string): string | undefined {
  try {
    return decodeURIComponent(requestPath).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
}

export function serveBuiltApp(distDir: string): MiddlewareHandler {
  const root = path.resolve(distDir);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const requested = decodePath(c.req.path);
    if (requested === undefined) return c.json({ message: 'Bad path: a % escape in it is not valid.' }, 400);
    let file = path.resolve(root, requested);
    if (!file.startsWith(root)) return c.json({ message: 'Bad path' }, 400);
    let size = requested ? await fileSize(file) : undefined;
    if (size === undefined) {
      const looksLikeAsset = /\.[a-z0-9]+$/i.test(requested);
      if (looksLikeAsset) return next();
      file = path.join(root, 'index.html');
      size = await fileSize(file);
      if (size === undefined) return c.text('The app is not built yet: run `npm run build`.', 503);
    }
    const relative = path.relative(root, file).split(path.sep).join('/');
    const headers: Record<string, string> = {
      'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': cacheControlFor(relative),
      'Accept-Ranges': 'bytes',
    };
    const rangeHeader = c.req.header('Range');
    const encoding = !rangeHeader && COMPRESSIBLE.test(file) ? chooseEncoding(c.req.header('Accept-Encoding')) : undefined;
    if (encoding && size > 512) {
      const body = await compressedBody(file, size, encoding);
      headers['Content-Encoding'] = encoding;
      headers['Vary'] = 'Accept-Encoding';
      headers['Content-Length'] = String(body.length);
      delete headers['Accept-Ranges'];
      if (c.req.method === 'HEAD') return c.body(null, 200, headers);
      return c.body(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer, 200, headers);
    }
    const range = rangeHeader ? parseRange(rangeHeader, size) : undefined;
    if (rangeHeader && !range) return c.body(null, 416, { 'Content-Range': `bytes */${size}` });
    const { start, end } = range ?? { start: 0, end: size - 1 };
    headers['Content-Length'] = String(end - start + 1);
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    if (c.req.method === 'HEAD' || size === 0) return c.body(null, range ? 206 : 200, headers);
    const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream;
    return c.body(stream, range ? 206 : 200, headers);
  };
}
