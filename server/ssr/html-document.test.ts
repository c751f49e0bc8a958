import { describe, expect, it } from 'vitest';
import { assetLinks, htmlDocument, jsonForScript, SSR_STATE_ID } from './html-document.ts';

const SHELL = `<!doctype html><html><head><script>keepEarlyTaps()</script><script data-gate-preload>preloadSession()</script>
    <link rel="modulepreload" crossorigin href="/assets/framework.js">
    <link rel="modulepreload" crossorigin href="/assets/app.js">
    <script type="module" crossorigin src="/assets/runtime.js"></script>
    <script type="module" crossorigin src="/assets/index.js"></script></head><body>
<div id="root"><header class="site-header">ParkFair</header></div>
<noscript>ParkFair needs JavaScript to find and pay for parking.</noscript>
</body></html>`;

const page = { headHtml: '<title>FAQ | ParkFair</title><link rel="canonical" href="https://parkfair.example/FAQ"/>', bodyHtml: '<main><h1>FAQ</h1></main>', dehydratedState: { queries: [] }, isHydratable: true, renderedAt: 1_764_000_000_000 };

describe('htmlDocument', () => {
  it('puts the page in #root, its head tags (marked) in <head>, and drops the "needs JavaScript" line', () => {
    const html = htmlDocument(SHELL, page, ['assets/routes-1.css', 'assets/routes-2.js']);
    expect(html).toContain('<div id="root"><main><h1>FAQ</h1></main></div>');
    expect(html).toContain('<title data-ssr-head>FAQ | ParkFair</title><link data-ssr-head rel="canonical"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/routes-1.css"><title');
    // The first paint needs the HTML and CSS only: the entry and the page's chunks are asked for after it.
    // The app's stages (the runtime helper, React DOM, the app) with them, before the page's own chunks.
    expect(html).toContain('<script defer src="/after-paint.js" data-entry="/assets/index.js" data-chunks="/assets/runtime.js /assets/framework.js /assets/app.js /assets/routes-2.js"></script>');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('noscript');
    // The shell's own inline script is untouched: the CSP allows it by its hash.
    expect(html).toContain('<script>keepEarlyTaps()</script>');
    // The gate preload goes: the session's chunks would share the paint's connection with its CSS.
    expect(html).not.toContain('preloadSession');
  });

  it('writes the query cache as a data block no text can break out of', () => {
    const html = htmlDocument(SHELL, { ...page, dehydratedState: { message: '</script><script>alert(1)</script>\u2028' } });
    const block = new RegExp(`<script type="application/json" id="${SSR_STATE_ID}" data-rendered-at="1764000000000">([^<]*)</script>`).exec(html);
    expect(block?.[1]).toBeDefined();
    expect(JSON.parse(block?.[1] ?? '')).toEqual({ message: '</script><script>alert(1)</script>\u2028' });
    expect(jsonForScript('<')).toBe('"\\u003c"');
  });

  it('marks the not-found page as not to be hydrated', () => {
    expect(htmlDocument(SHELL, { ...page, isHydratable: false })).toContain(`id="${SSR_STATE_ID}" data-hydrate="false"`);
  });

  it('says when the page was drawn, so the browser hydrates the same default times', () => {
    expect(htmlDocument(SHELL, page)).toContain(`id="${SSR_STATE_ID}" data-rendered-at="1764000000000">`);
  });

  it('names the address the page was drawn for, escaped, when the server filled defaults into it', () => {
    const html = htmlDocument(SHELL, { ...page, address: '/search/results?q=Penn-Station&from=12-03-2026T9%3A00AM&x="><b>' });
    expect(html).toContain(`data-rendered-at="1764000000000" data-address="/search/results?q=Penn-Station&amp;from=12-03-2026T9%3A00AM&amp;x=&quot;&gt;&lt;b&gt;">`);
    expect(htmlDocument(SHELL, page)).not.toContain('data-address');
  });

  it('refuses a shell without #root and <noscript>', () => {
    expect(() => htmlDocument('<html><head></head><body></body></html>', page)).toThrow(/root/);
    expect(assetLinks([])).toBe('');
  });
});
