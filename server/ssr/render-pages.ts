/**
 * Hono middleware: GET/HEAD navigations to a server-rendered page (src/contract/server-rendered-pages.ts) get the page's HTML
 * from the server renderer built beside the PWA (`<distDir>-ssr/entry-server.js`, vite.config.ts
 * `serverRendererBuild`), which calls the API in-process. So do navigations to a signed-in page
 * (the park-and-pay session) that bring a page-token cookie whose ID token verifies: the API is
 * called with that token, and the page is private (never stored). Anything else falls through to the
 * static files (dist/index.html for other navigations). Without a server build, or when a page
 * fails to render, the shell is served as before: the browser renders it, nothing is lost.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AuthUser, TokenVerifier } from '../lib/auth.ts';
import { chooseEncoding, type Encoding } from '../lib/http-cache.ts';
import { log } from '../lib/logger.ts';
import { htmlDocument } from './html-document.ts';
import { isServerRenderedPage, isSignedInServerRenderedPage, PAGE_TOKEN_COOKIE } from '../../src/contract/server-rendered-pages.ts';

/** What src/entry-server.tsx exports (kept structural: the server does not import src/). */
export type ServerRenderer = {
  configure(options: { api: typeof fetch; origin: string }): void;
  renderPage(request: { url: string; caller?: { idToken: string; user: AuthUser } }): Promise<{ routeIds: string[]; status: 200 | 404; isHydratable: boolean; headHtml: string; bodyHtml: string; dehydratedState: unknown; renderedAt: number; address?: string }>;
};

export type RenderPagesOptions = {
  distDir: string;
  /** The API app's own fetch (`app.request`): the renderer's data comes from the same handlers as the browser's. */
  api: { request: (input: string, init?: RequestInit) => Response | Promise<Response> };
  /** The public origin canonical and Open Graph links start with (`linkOriginFor(config)`). */
  origin: string;
  /** Tests: the renderer from source (src/entry-server.tsx) instead of the build beside distDir. */
  importRenderer?: () => Promise<ServerRenderer>;
  /**
   * Verifies the page-token cookie's ID token for the signed-in pages the server renders
   * (src/contract/server-rendered-pages.ts): the API's own verifier. Absent: those pages get the shell.
   */
  verifyToken?: TokenVerifier;
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Pages are made per request, so compressed fast (brotli 5, gzip 6) rather than small: a location
 * page carries the locations list (~100 KB of JSON) its client cache needs, ~10 KB compressed.
 */
function compress(html: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipAsync(html, { level: 6 });
}

export const serverBuildDir = (distDir: string): string => `${path.resolve(distDir).replace(/[\\/]+$/, '')}-ssr`;

async function fileVersion(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Which page a navigation gets from the renderer: a public page for anyone; a signed-in page only
 * with a page-token cookie whose token verifies (else undefined: the shell, which signs in).
 */
async function pageRequest(c: Context, verifyToken: TokenVerifier | undefined): Promise<{ caller?: { idToken: string; user: AuthUser } } | undefined> {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return undefined;
  if (isServerRenderedPage(c.req.path)) return {};
  if (!verifyToken || !isSignedInServerRenderedPage(c.req.path)) return undefined;
  const idToken = getCookie(c, PAGE_TOKEN_COOKIE.name);
  if (!idToken) return undefined;
  try {
    return { caller: { idToken, user: await verifyToken(idToken) } };
  } catch {
    return undefined;
  }
}

export function renderServerPages({ distDir, api, origin, importRenderer, verifyToken }: RenderPagesOptions): MiddlewareHandler {
  const shellFile = path.join(path.resolve(distDir), 'index.html');
  const entryFile = path.join(serverBuildDir(distDir), 'entry-server.js');
  let renderer: Promise<ServerRenderer> | undefined;
  let shell: { version: number; html: Promise<string> } | undefined;

  // Loaded once per process: its chunks import the entry by its plain URL, so a second copy under
  // a cache-busting query would be a second app (a second API client, unconfigured). A release
  // replaces the process (npm start builds first); the shell is re-read when it changes.
  async function loadRenderer(): Promise<ServerRenderer | undefined> {
    if (!renderer) {
      if (!importRenderer && (await fileVersion(entryFile)) === undefined) return undefined;
      const imported = importRenderer ? importRenderer() : (import(pathToFileURL(entryFile).href) as Promise<ServerRenderer>);
      renderer = imported.then((loaded) => {
        const request = (input: RequestInfo | URL, init?: RequestInit) => api.request(typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url, init);
        loaded.configure({ api: async (input, init) => request(input, init), origin });
        return loaded;
      });
    }
    return renderer;
  }

  // Route id → files (vite.config.ts `routeAssetFiles`); none when rendering from source.
  let routeAssets: Promise<Record<string, string[]>> | undefined;
  const loadRouteAssets = (): Promise<Record<string, string[]>> =>
    (routeAssets ??= readFile(path.join(serverBuildDir(distDir), 'route-assets.json'), 'utf8')
      .then((text) => JSON.parse(text) as Record<string, string[]>)
      .catch(() => ({})));

  async function loadShell(): Promise<string | undefined> {
    const version = await fileVersion(shellFile);
    if (version === undefined) return undefined;
    if (shell?.version !== version) shell = { version, html: readFile(shellFile, 'utf8') };
    return shell.html;
  }

  return async (c, next) => {
    const request = await pageRequest(c, verifyToken);
    if (!request) return next();
    const [module, shellHtml] = await Promise.all([loadRenderer(), loadShell()]);
    if (!module || !shellHtml) return next();
    const url = new URL(c.req.url);
    let page: Awaited<ReturnType<ServerRenderer['renderPage']>>;
    try {
      page = await module.renderPage({ url: `${url.pathname}${url.search}`, ...(request.caller ? { caller: request.caller } : {}) });
    } catch (error: unknown) {
      // A signed-in page whose data did not come (a token that expired meanwhile) is the shell's too.
      if (!request.caller) log.error({ err: error }, `[ssr] could not render a /${url.pathname.split('/')[1] ?? ''} page`);
      return next();
    }
    const assets = await loadRouteAssets();
    const html = htmlDocument(shellHtml, page, [...new Set(page.routeIds.flatMap((routeId) => assets[routeId] ?? []))]);
    // Never stored: the page carries live data (banners, notices), as the shell is never cached;
    // a signed-in page is the caller's alone, so no shared cache may keep it either.
    const headers: Record<string, string> = request.caller
      ? { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', Vary: 'Accept-Encoding, Cookie' }
      : { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (c.req.method === 'HEAD') return c.body(null, page.status, encoding ? { ...headers, 'Content-Encoding': encoding } : headers);
    if (!encoding) return c.body(html, page.status, headers);
    const body = await compress(html, encoding);
    headers['Content-Encoding'] = encoding;
    return c.body(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer, page.status, headers);
  };
}
