import { describe, expect, it } from 'vitest';
import { type BundleChunk, gatePreloadFiles, gatePreloadScript } from './gate-preload.ts';

const ROUTES = '/app/src/routes';
const chunk = (fileName: string, rest: Partial<BundleChunk> = {}): BundleChunk => ({ fileName, facadeModuleId: null, isEntry: false, imports: [], importedCss: [], ...rest });

/** A bundle shaped like the real one: entry, layout and page chunks split by TanStack, a three-level import chain. */
const BUNDLE: BundleChunk[] = [
  chunk('assets/index-A1.js', { isEntry: true, facadeModuleId: '/app/src/main.tsx', importedCss: ['assets/index-A1.css'] }),
  chunk('assets/_authenticated-B2.js', { facadeModuleId: `${ROUTES}/_authenticated.tsx?tsr-split=component---loader`, imports: ['assets/index-A1.js'] }),
  chunk('assets/parkandpay.session-C3.js', {
    facadeModuleId: `${ROUTES}/_authenticated/parkandpay.session.tsx?tsr-split=component---loader`,
    imports: ['assets/index-A1.js', 'assets/flow-rules-D4.js', 'assets/park-layout-E5.js'],
  }),
  chunk('assets/parkandpay.session-F6.js', { facadeModuleId: `${ROUTES}/_authenticated/parkandpay.session.tsx?tsr-split=errorComponent`, imports: ['assets/index-A1.js'] }),
  chunk('assets/flow-rules-D4.js'),
  chunk('assets/park-layout-E5.js', { imports: ['assets/index-A1.js', 'assets/plate-mismatch-G7.js', 'assets/flow-rules-D4.js'], importedCss: ['assets/park-layout-E5.css', 'assets/index-A1.css'] }),
  chunk('assets/plate-mismatch-G7.js'),
  chunk('assets/parkandpay.digital-tickets-H8.js', { facadeModuleId: `${ROUTES}/_authenticated/parkandpay.digital-tickets.tsx?tsr-split=component---loader`, imports: ['assets/flow-rules-D4.js'] }),
  chunk('assets/map-I9.js', { facadeModuleId: '/app/src/lib/map.tsx' }),
  chunk('assets/routeTree.gen-J1.js', { facadeModuleId: '/app/src/routeTree.gen.ts', imports: ['assets/index-A1.js', 'assets/search-params-K2.js'] }),
  chunk('assets/search-params-K2.js'),
];

const PAGES = {
  '/parkandpay/session': [`${ROUTES}/_authenticated.tsx`, `${ROUTES}/_authenticated/parkandpay.session.tsx`],
  '/parkandpay/digital-tickets': [`${ROUTES}/_authenticated.tsx`, `${ROUTES}/_authenticated/parkandpay.digital-tickets.tsx`],
};

describe('gatePreloadFiles', () => {
  it('lists the page components and their whole static import chain, with CSS, once each', () => {
    expect(gatePreloadFiles(BUNDLE, PAGES)).toEqual({
      '/parkandpay/session': [
        'assets/park-layout-E5.css',
        'assets/_authenticated-B2.js',
        'assets/parkandpay.session-C3.js',
        'assets/flow-rules-D4.js',
        'assets/park-layout-E5.js',
        'assets/plate-mismatch-G7.js',
      ],
      '/parkandpay/digital-tickets': ['assets/_authenticated-B2.js', 'assets/parkandpay.digital-tickets-H8.js', 'assets/flow-rules-D4.js'],
    });
  });

  it('leaves out the entry, its CSS, error components and dynamic imports', () => {
    const files = gatePreloadFiles(BUNDLE, PAGES)['/parkandpay/session'] ?? [];
    for (const file of ['assets/index-A1.js', 'assets/index-A1.css', 'assets/parkandpay.session-F6.js', 'assets/map-I9.js']) expect(files).not.toContain(file);
  });

  it('lists a lazily imported module by its own chunk and static imports (the full route tree)', () => {
    const files = gatePreloadFiles(BUNDLE, { '/parkandpay/session': ['/app/src/routeTree.gen.ts', `${ROUTES}/_authenticated.tsx`] });
    expect(files).toEqual({ '/parkandpay/session': ['assets/routeTree.gen-J1.js', 'assets/search-params-K2.js', 'assets/_authenticated-B2.js'] });
  });

  it('asks for stylesheets first, then scripts from the largest down (same size: in import order)', () => {
    const sized = BUNDLE.map((entry) => (entry.fileName === 'assets/plate-mismatch-G7.js' ? { ...entry, size: 9000 } : entry.fileName === 'assets/flow-rules-D4.js' ? { ...entry, size: 300 } : entry));
    expect(gatePreloadFiles(sized, PAGES)['/parkandpay/session']).toEqual([
      'assets/park-layout-E5.css',
      'assets/plate-mismatch-G7.js',
      'assets/flow-rules-D4.js',
      'assets/_authenticated-B2.js',
      'assets/parkandpay.session-C3.js',
      'assets/park-layout-E5.js',
    ]);
  });

  it('fails the build when a listed route file has no component chunk (renamed route)', () => {
    expect(() => gatePreloadFiles(BUNDLE, { '/parkandpay/gone': [`${ROUTES}/parkandpay.gone.tsx`] })).toThrow(/no component chunk.*parkandpay\.gone/);
  });
});

/** Runs the inline script against a minimal document (and storage) and returns the links it added. */
function runScript(script: string, pathname: string, stored: Record<string, string> = {}): { rel: string; href: string }[] {
  const added: { rel: string; href: string }[] = [];
  const document = { createElement: () => ({ rel: '', href: '' }), head: { append: (link: { rel: string; href: string }) => added.push(link) } };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  new Function('location', 'document', 'localStorage', script)({ pathname }, document, localStorage);
  return added;
}

describe('gatePreloadScript', () => {
  const script = gatePreloadScript(gatePreloadFiles(BUNDLE, PAGES), '/');

  it('on a gate page, preloads its modules and loads its stylesheets, in order', () => {
    expect(runScript(script, '/parkandpay/session')).toEqual([
      { rel: 'stylesheet', href: '/assets/park-layout-E5.css' },
      { rel: 'modulepreload', href: '/assets/_authenticated-B2.js' },
      { rel: 'modulepreload', href: '/assets/parkandpay.session-C3.js' },
      { rel: 'modulepreload', href: '/assets/flow-rules-D4.js' },
      { rel: 'modulepreload', href: '/assets/park-layout-E5.js' },
      { rel: 'modulepreload', href: '/assets/plate-mismatch-G7.js' },
    ]);
    expect(runScript(script, '/parkandpay/digital-tickets/').map((link) => link.href)).toEqual(['/assets/_authenticated-B2.js', '/assets/parkandpay.digital-tickets-H8.js', '/assets/flow-rules-D4.js']);
  });

  it('adds nothing on other pages (the first screen of / stays as it was)', () => {
    for (const pathname of ['/', '/parkandpay/welcome', '/parkandpay/sessions', '/leavefast/scan', '/constructor', '/__proto__']) expect(runScript(script, pathname)).toEqual([]);
  });

  it('writes each file name once, without the common folder and ".js", under a base path', () => {
    const withBase = gatePreloadScript(gatePreloadFiles(BUNDLE, PAGES), '/pf/');
    expect(withBase.match(/flow-rules-D4/g)).toHaveLength(1);
    expect(withBase).not.toContain('assets/flow');
    expect(runScript(withBase, '/parkandpay/digital-tickets')[1]).toEqual({ rel: 'modulepreload', href: '/pf/assets/parkandpay.digital-tickets-H8.js' });
  });
});

describe('gatePreloadScript on the start URL', () => {
  const pages = { ...PAGES, '/': [`${ROUTES}/index.tsx`] };
  const bundle = [...BUNDLE, chunk('assets/routes-J1.js', { facadeModuleId: `${ROUTES}/index.tsx?tsr-split=component---loader`, imports: ['assets/index-A1.js'] })];
  const script = gatePreloadScript(gatePreloadFiles(bundle, pages), '/', { 'pf-auth': { '/': '/parkandpay/session' } });

  it("loads the home page's own chunk for every visitor, and nothing of the session", () => {
    expect(runScript(script, '/').map((link) => link.href)).toEqual(['/assets/routes-J1.js']);
  });

  it("on a device with a sign-in, also loads the session the 'Show Exit Pass' card opens, each file once", () => {
    const hrefs = runScript(script, '/', { 'pf-auth': '{"uid":"u1"}' }).map((link) => link.href);
    expect(hrefs).toEqual(['/assets/routes-J1.js', '/assets/park-layout-E5.css', '/assets/_authenticated-B2.js', '/assets/parkandpay.session-C3.js', '/assets/flow-rules-D4.js', '/assets/park-layout-E5.js', '/assets/plate-mismatch-G7.js']);
  });

  it('on a device that kept an exit pass, also loads the pass the start URL draws; with both, both, each file once', () => {
    const withPass = gatePreloadScript(gatePreloadFiles([...bundle, chunk('assets/parked-car-pass-K2.js', { facadeModuleId: '/app/src/features/home/parked-car-pass.tsx', imports: ['assets/index-A1.js', 'assets/flow-rules-D4.js'] })], { ...pages, '/#kept-pass': ['/app/src/features/home/parked-car-pass.tsx'] }), '/', {
      'pf-auth': { '/': '/parkandpay/session' },
      'pf-exit-pass-qr': { '/': '/#kept-pass' },
    });
    expect(runScript(withPass, '/', { 'pf-exit-pass-qr': '[]' }).map((link) => link.href)).toEqual(['/assets/routes-J1.js', '/assets/parked-car-pass-K2.js', '/assets/flow-rules-D4.js']);
    const both = runScript(withPass, '/', { 'pf-exit-pass-qr': '[]', 'pf-auth': '{"uid":"u1"}' }).map((link) => link.href);
    expect(both).toContain('/assets/parked-car-pass-K2.js');
    expect(both).toContain('/assets/parkandpay.session-C3.js');
    expect(new Set(both).size).toBe(both.length);
    // Nothing stored: the page chunk alone.
    expect(runScript(withPass, '/').map((link) => link.href)).toEqual(['/assets/routes-J1.js']);
  });

  it('storage that throws (blocked by the browser) loads the page chunk alone', () => {
    const document = { createElement: () => ({ rel: '', href: '' }), head: { append: () => undefined } };
    const blocked = { getItem: () => { throw new Error('SecurityError'); } };
    expect(() => new Function('location', 'document', 'localStorage', script)({ pathname: '/' }, document, blocked)).not.toThrow();
  });

  it('refuses a signed-in target that is not a listed page', () => {
    expect(() => gatePreloadScript(gatePreloadFiles(bundle, pages), '/', { 'pf-auth': { '/': '/parkandpay/gone' } })).toThrow(/not a listed page/);
  });
});
