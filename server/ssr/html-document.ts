/**
 * The server-rendered document: the built app shell (dist/index.html, with its hashed entry,
 * stylesheet and the gate preload script the CSP allows by hash) with the page's head tags, its
 * markup inside #root, and the query cache as a JSON data block the entry reads before hydrating.
 */
import { escapeXml } from '../lib/escape-xml.ts';

/** The id of the data block src/main.tsx and public/after-paint.js read (keep the three in step). */
export const SSR_STATE_ID = 'pf-ssr-state';
/** The attribute of the page's own head tags, which src/main.tsx removes before the router writes them. */
export const SSR_HEAD_ATTRIBUTE = 'data-ssr-head';

/** #root with the shell's static header, then the "needs JavaScript" line (index.html). */
const ROOT_AND_NOSCRIPT = /<div id="root">[\s\S]*?<\/div>\s*<noscript>[\s\S]*?<\/noscript>/;

/**
 * JSON inside <script>: `<` is escaped so no text in the data (a CMS page, a banner) can close
 * the element, and U+2028/2029 so the block stays valid wherever it is read.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export type RenderedPage = { headHtml: string; bodyHtml: string; dehydratedState: unknown; isHydratable: boolean; renderedAt: number; address?: string };

/**
 * `<link>`s for the page's CSS beyond the entry's (`assets/…`): render-blocking stylesheets, so
 * the first paint is already styled (a stylesheet added by script later moves the page).
 */
export function assetLinks(files: readonly string[]): string {
  return files.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
}

/**
 * The shell's gate preload (vite.config.ts `gatePagesPreload`): on a device with a stored sign-in
 * it fetches the session's chunks beside the entry. A server-rendered page is drawn from its HTML
 * and CSS, and its own chunks come after that paint (below), so it goes: it would fetch ~40 KB of
 * scripts in front of the stylesheets the paint waits for.
 */
const GATE_PRELOAD_SCRIPT = /<script data-gate-preload>[\s\S]*?<\/script>\s*/;

/**
 * The shell's module scripts as Vite writes them into index.html (the entry last, after the
 * runtime helper it imports), and the modulepreload links of the app's two stages (vite.config.ts
 * `appStageLinks`).
 */
const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * A server-rendered page is drawn from its HTML and CSS; its JavaScript only attaches to it. So
 * the entry chunk and the page's chunks are asked for after the first paint (public/after-paint.js):
 * on a slow connection the stylesheets the paint waits for no longer share it with ~120 KB of
 * scripts (Lighthouse's LCP was the HTML, then render-blocking CSS arriving beside the entry).
 */
function afterPaintScript(entrySrc: string, appFiles: readonly string[], pageFiles: readonly string[]): string {
  const chunks = new Set([...appFiles, ...pageFiles.filter((file) => file.endsWith('.js')).map((file) => `/${file}`)]);
  chunks.delete(entrySrc);
  return `<script defer src="/after-paint.js" data-entry="${entrySrc}" data-chunks="${[...chunks].join(' ')}"></script>`;
}

/** The shell without its module scripts and preloads, the after-paint script in the first one's place. */
function loadAfterPaint(shell: string, pageAssets: readonly string[]): string {
  const scripts = [...shell.matchAll(MODULE_SCRIPT)].map((match) => match[1] ?? '');
  const entrySrc = scripts.at(-1);
  if (!entrySrc) throw new Error('server rendering: no <script type="module" src> in index.html');
  const appFiles = [...scripts.slice(0, -1), ...[...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '')];
  let isPlaced = false;
  return shell.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, () => (isPlaced ? '' : ((isPlaced = true), afterPaintScript(entrySrc, appFiles, pageAssets))));
}

export function htmlDocument(shell: string, page: RenderedPage, pageAssets: readonly string[] = []): string {
  if (!ROOT_AND_NOSCRIPT.test(shell)) throw new Error('server rendering: no <div id="root">…</div><noscript>…</noscript> in index.html');
  // data-hydrate="false": the browser renders over the markup instead (the not-found page).
  const hydrateAttribute = page.isHydratable ? '' : ' data-hydrate="false"';
  // data-rendered-at: the moment the page's default times came from (src/server-render-time.ts).
  // data-address: the address the page was drawn for, its defaults filled in (src/entry-server.tsx).
  const addressAttribute = page.address === undefined ? '' : ` data-address="${escapeXml(page.address)}"`;
  const dataBlock = `<script type="application/json" id="${SSR_STATE_ID}"${hydrateAttribute} data-rendered-at="${page.renderedAt}"${addressAttribute}>${jsonForScript(page.dehydratedState)}</script>`;
  // Marked, so the browser's router can replace them with its own once it takes over (src/main.tsx).
  const headHtml = page.headHtml.replace(/<(title|meta|link|script)\b/g, `<$1 ${SSR_HEAD_ATTRIBUTE}`);
  return (
    loadAfterPaint(shell.replace(GATE_PRELOAD_SCRIPT, ''), pageAssets)
      .replace('</head>', () => `${assetLinks(pageAssets)}${headHtml}</head>`)
      // The page is there without JavaScript: the shell's "needs JavaScript" line goes.
      .replace(ROOT_AND_NOSCRIPT, () => `<div id="root">${page.bodyHtml}</div>${dataBlock}`)
  );
}
