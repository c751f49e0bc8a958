/// <reference types="vitest/config" />
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { writeFile } from 'node:fs/promises';
import type { OutputBundle } from 'rolldown';
import { build, defineConfig, type LogLevel, normalizePath, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { STORAGE_KEYS } from './src/lib/constants.ts';
import { type BundleChunk, gatePreloadFiles, gatePreloadScript } from './sw/gate-preload.ts';
import { FIRST_SCREEN_ROUTE_FILES, SECOND_STAGE_ROUTE_FILES } from './src/route-stages.ts';
import { WaitingFilesFirst } from './server/testing/api-file-order.ts';

/** API prefixes the dev server forwards to the API process (same origin in production). */
const API_PREFIXES = [
  'locations', 'rates', 'search', 'content', 'accounts', 'payments', 'reservations', 'tickets',
  'promotions', 'reports', 'transitions', 'logs', 'claims', 'plates', 'parking-system', 'dev',
];

const THEME_COLOR = '#0b5c3b';

/**
 * TanStack Store imports `use-sync-external-store/shim/with-selector`, which bundles a
 * useSyncExternalStore polyfill for React < 18. React 19 has the hook, so the build resolves it to
 * the package's non-shim entry (same selector logic over React's own hook).
 */
export function nativeSyncExternalStore(): Plugin {
  return {
    name: 'pf-native-sync-external-store',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'use-sync-external-store/shim/with-selector') return null;
      return this.resolve('use-sync-external-store/with-selector', importer, { skipSelf: true });
    },
  };
}

/**
 * The pages a driver opens at the gate, offline from a cold start (DESIGN.md budget: exit pass
 * QR ≤ 1.0 s at 4× CPU), get their route chunks preloaded by a small inline script in index.html,
 * in parallel with the entry chunk instead of after it (sw/gate-preload.ts says why and how).
 * Keys are URL paths, values the route files whose components the page renders, layout first;
 * a second-stage page (src/route-stages.ts) also lists the full route tree, which its first
 * render waits for.
 */
const FULL_ROUTE_TREE = 'src/routeTree.gen.ts';
const GATE_PAGES = {
  '/parkandpay/session': [FULL_ROUTE_TREE, 'src/routes/_authenticated.tsx', 'src/routes/_authenticated/parkandpay.session.tsx'],
  '/parkandpay/digital-tickets': [FULL_ROUTE_TREE, 'src/routes/_authenticated.tsx', 'src/routes/_authenticated/parkandpay.digital-tickets.tsx'],
  // The home-screen start URL: its own page chunk for everyone (it is needed for the first paint)…
  '/': ['src/routes/index.tsx'],
  // …and the parked car's pass it draws (a chunk of its own: features/home/lot-start.tsx).
  '/#kept-pass': ['src/features/home/parked-car-pass.tsx'],
};
/**
 * On the start URL, by what the device keeps (sw/gate-preload.ts): with a sign-in, the session its
 * "Show Exit Pass" card opens; with a kept exit pass, the pass itself, fetched beside the entry
 * rather than once the page has decided to show it (a round trip at the gate).
 */
const GATE_PAGES_WHEN_STORED = { [STORAGE_KEYS.auth]: { '/': '/parkandpay/session' }, [STORAGE_KEYS.exitPassQr]: { '/': '/#kept-pass' } };

/**
 * The lot's signed-in gate pages get their code in one chunk (issue 16 item 4). Left to itself the
 * bundler cuts the session's code into ~25 small chunks, one per set of routes sharing a module,
 * and a cold start fetches them all before the first frame, sharing a slow network with the entry
 * (Lighthouse's simulated LCP of the session: 2.38–2.46 s with 25 files, 2.26–2.48 s with 18;
 * README "Keep code off the first screen"). Every module the session or Digital Tickets renders with that no
 * server-rendered page (FIRST_SCREEN_ROUTE_FILES) renders with goes into one `lot` chunk. The
 * other lot pages sharing a piece of it (ticket scan, retrieve car, payments, the start URL's
 * pass) load it whole: a few KB more, but fewer round trips for them too. Code a server-rendered
 * page's first render needs stays in its own chunk, so none of those loads a byte more.
 */
const GATE_ROUTE_FILES = ['src/routes/_authenticated/parkandpay.session.tsx', 'src/routes/_authenticated/parkandpay.digital-tickets.tsx'];

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/** The route modules (their split component chunks) whose first render imports `id`, directly or through other modules. */
function importingRoutes(id: string, graph: ModuleGraph, seen = new Set<string>()): Set<string> {
  const routes = new Set<string>();
  if (seen.has(id)) return routes;
  seen.add(id);
  if (id.includes('?tsr-split=')) routes.add(normalizePath(id.split('?')[0] ?? id));
  for (const importer of graph.getModuleInfo(id)?.importers ?? []) for (const route of importingRoutes(importer, graph, seen)) routes.add(route);
  return routes;
}

function gateChunkName(root: string) {
  const gateRoutes = GATE_ROUTE_FILES.map((file) => normalizePath(path.resolve(root, file)));
  return (id: string, graph: ModuleGraph): string | null => {
    // A route's own module stays the facade of its chunk (the gate preload and the server find pages by it).
    if (id.includes('?tsr-split=')) return null;
    const importers = [...importingRoutes(id, graph)];
    const isInGateFirstRender = importers.some((route) => gateRoutes.includes(route));
    const isOnAFirstScreen = importers.some((route) => FIRST_SCREEN_ROUTE_FILES.test(route));
    return isInGateFirstRender && !isOnAFirstScreen ? 'lot' : null;
  };
}

/** React DOM and what it imports: the entry's first stage (src/boot.ts). */
const FRAMEWORK_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** The chunk FRAMEWORK_MODULES go to (the compile hint below is written into it by this name). */
const FRAMEWORK_CHUNK = 'framework';
/** The app the entry loads second (src/boot.ts). */
const APP_MODULE = 'src/main.tsx';

/** Whether `id` is `target` or imported by it statically, directly or through other modules. */
function isStaticallyImportedBy(id: string, target: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (id === target) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (graph.getModuleInfo(id)?.importers ?? []).some((importer) => isStaticallyImportedBy(importer, target, graph, seen));
}

/** `app`: every module src/main.tsx imports statically (React DOM is the framework chunk's). */
function appChunkName(root: string) {
  const app = normalizePath(path.resolve(root, APP_MODULE));
  const verdicts = new Map<string, string | null>();
  return (id: string, graph: ModuleGraph): string | null => {
    if (!verdicts.has(id)) verdicts.set(id, isStaticallyImportedBy(id, app, graph) ? 'app' : null);
    return verdicts.get(id) ?? null;
  };
}

/**
 * The entry's two stages (src/boot.ts imports React DOM, then the app) are fetched with the entry,
 * not one round trip after it: `<link rel="modulepreload">` for the chunks of the entry's dynamic
 * imports and what they import, written into index.html beside the gate preload. A server-rendered
 * page hands them to public/after-paint.js (server/ssr/html-document.ts), which asks for them
 * after its first paint.
 */
function appStageLinks(bundle: OutputBundle, base: string): string {
  const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('app stages preload: no entry chunk');
  // The entry's own chunks (it imports Vite's runtime helper).
  const initial = new Set<string>();
  const addInitial = (fileName: string): void => {
    if (initial.has(fileName)) return;
    initial.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) addInitial(imported);
  };
  addInitial(entry.fileName);
  const files = new Set<string>();
  const add = (fileName: string): void => {
    if (files.has(fileName) || initial.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) add(imported);
  };
  for (const fileName of initial) for (const stage of chunks.get(fileName)?.dynamicImports ?? []) add(stage);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`).join('\n    ');
}

function gatePagesPreload(pages: Record<string, string[]>, whenStored: Record<string, Record<string, string>>): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'pf-gate-pages-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      // Post: the bundle is known and Vite has written the entry's tags. The script goes just
      // before the entry's <script>: after the <meta charset>, and before the stylesheet, which
      // it would otherwise wait for (it runs while the entry and its CSS are being fetched).
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = bundleChunks(bundle);
        const routeFiles = Object.fromEntries(Object.entries(pages).map(([page, files]) => [page, files.map((file) => normalizePath(path.resolve(root, file)))]));
        // Marked: a server-rendered page goes without it (server/ssr/html-document.ts).
        const script = `<script data-gate-preload>${gatePreloadScript(gatePreloadFiles(chunks, routeFiles), base, whenStored)}</script>`;
        const entryScript = /<script type="module"[^>]*>/.exec(html);
        if (!entryScript) throw new Error('gate preload: no entry <script type="module"> in index.html');
        // Then the app's two stages (src/boot.ts), fetched beside the entry.
        return `${html.slice(0, entryScript.index)}${script}\n    ${appStageLinks(bundle, base)}\n    ${html.slice(entryScript.index)}`;
      },
    },
  };
}

/** The server renderer's entry (src/entry-server.tsx) and where its build goes: beside the PWA's, `<outDir>-ssr`. */
const SERVER_ENTRY = 'src/entry-server.tsx';
export const serverOutDir = (clientOutDir: string): string => `${path.resolve(clientOutDir).replace(/[\\/]+$/, '')}-ssr`;

/**
 * `vite build` builds the server renderer too, right after the PWA, so every caller of
 * `vite build [--outDir X]` (npm start, the e2e runner, the benches) gets both in one go. It goes
 * outside the PWA's folder: nothing of it is served or precached. Dependencies stay in
 * node_modules (Vite's SSR default); the app's own code, its CSS imports and `import.meta.env`
 * are bundled as for the browser.
 */
function serverRendererBuild(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let logLevel: LogLevel | undefined;
  let routeAssets: Record<string, string[]> = {};
  return {
    name: 'pf-server-renderer-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      logLevel = config.logLevel;
    },
    generateBundle(_options, bundle) {
      routeAssets = routeAssetFiles(root, bundleChunks(bundle));
    },
    async closeBundle() {
      const ssrOutDir = serverOutDir(outDir);
      await build({ root, logLevel, build: { ssr: SERVER_ENTRY, outDir: ssrOutDir, emptyOutDir: true, copyPublicDir: false } });
      // Which CSS and JS each route's page needs beyond the entry: the server links them in the
      // page's <head>, so its first paint is styled (server/ssr/render-pages.ts).
      await writeFile(path.join(ssrOutDir, ROUTE_ASSETS_FILE), JSON.stringify(routeAssets));
    },
  };
}

/** Written beside the server entry: route id → the files its page needs (server/ssr/render-pages.ts reads it). */
const ROUTE_ASSETS_FILE = 'route-assets.json';

function bundleChunks(bundle: OutputBundle): BundleChunk[] {
  return Object.values(bundle).flatMap((output) =>
    output.type === 'chunk'
      ? [{ fileName: output.fileName, facadeModuleId: output.facadeModuleId, isEntry: output.isEntry, imports: output.imports, importedCss: [...(output.viteMetadata?.importedCss ?? [])], size: output.code.length }]
      : [],
  );
}

/**
 * For every flat route file of src/routes (`locations.$slug.tsx` is the route id
 * `/locations/$slug`, `index.tsx` is `/`) and of its signed-in folder (`_authenticated/
 * parkandpay.session.tsx` is `/_authenticated/parkandpay/session`, which the server renders for a
 * signed-in caller), the chunks and CSS of its page component. Route files whose component is not
 * split out (layouts, redirects) are left out.
 */
function routeAssetFiles(root: string, chunks: BundleChunk[]): Record<string, string[]> {
  const routesDir = path.resolve(root, 'src/routes');
  const assets: Record<string, string[]> = {};
  for (const folder of ['', '_authenticated']) {
    for (const file of readdirSync(path.join(routesDir, folder))) {
      if (!file.endsWith('.tsx') || file.startsWith('_')) continue;
      const routePath = `/${file.replace(/\.tsx$/, '').split('.').map((part) => (part === 'index' ? '' : part)).join('/')}`.replace(/^\/\/$/, '/');
      const routeId = folder ? `/${folder}${routePath}` : routePath;
      // A signed-in page is in the route tree's second stage, which the browser's render waits for.
      const stage = folder ? [normalizePath(path.resolve(root, FULL_ROUTE_TREE))] : [];
      try {
        Object.assign(assets, gatePreloadFiles(chunks, { [routeId]: [...stage, normalizePath(path.join(routesDir, folder, file))] }));
      } catch {
        // No split component chunk: nothing beyond the entry to link.
      }
    }
  }
  return assets;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its component (one chunk, no extra round trip): left in the
      // route file, loaders pull query options, contracts and the API client into the entry chunk.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    // The route tree's first stage, for the entry chunk (src/route-stages.ts): the same generator
    // over the same files minus the second stage's, so the two trees cannot drift apart. Its own
    // plugin context: the code splitter above reads the full tree's.
    tanstackRouterGenerator(
      { target: 'react', routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.stage1.gen.ts', routeFileIgnorePattern: SECOND_STAGE_ROUTE_FILES },
      { routesByFile: new Map() },
    ),
    nativeSyncExternalStore(),
    // The PWA's own parts (index.html's preload script, the service worker) are not in the server build.
    !isSsrBuild && gatePagesPreload(GATE_PAGES, GATE_PAGES_WHEN_STORED),
    react(),
    !isSsrBuild && serverRendererBuild(),
    !isSsrBuild && VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // The precache is globPatterns plus the web manifest the plugin adds itself: includeAssets,
      // the manifest's icons or a webmanifest glob would list those URLs a second time (each URL
      // once, tests/e2e/precache.spec.ts).
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff2,json}'],
        globIgnores: ['**/screenshots/**', '**/locations/**', 'mapdata/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'ParkFair — Parking in New York & New Jersey',
        short_name: 'ParkFair',
        description: 'Find, reserve and pay for parking at nearly 40 ParkFair garages in New York and New Jersey. Pay by plate and show your exit pass, even with no signal.',
        start_url: '/?source=pwa',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait-primary',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['travel', 'navigation', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          { src: '/screenshots/narrow.png', sizes: '540x1170', type: 'image/png', form_factor: 'narrow', label: 'Find parking in New York and New Jersey' },
          { src: '/screenshots/wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Search garages and compare rates' },
        ],
        shortcuts: [
          { name: 'Pay by plate', short_name: 'Pay by plate', url: '/parkandpay/welcome?source=shortcut', icons: [{ src: '/icons/shortcut-plate.png', sizes: '96x96', type: 'image/png' }] },
          { name: 'Digital tickets', short_name: 'Tickets', url: '/parkandpay/digital-tickets?source=shortcut', icons: [{ src: '/icons/shortcut-tickets.png', sizes: '96x96', type: 'image/png' }] },
          { name: 'Scan ticket', short_name: 'Scan', url: '/leavefast/scan?source=shortcut', icons: [{ src: '/icons/shortcut-scan.png', sizes: '96x96', type: 'image/png' }] },
        ],
      },
    }),
  ],
  define: {
    __APP_BUILD_ID__: JSON.stringify(process.env['APP_BUILD_ID'] ?? new Date().toISOString()),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // No <link rel=modulepreload> lists: every dynamic import would otherwise carry its chunk's
    // dependency file names in the entry (~2 KB gzip for ~70 routes). Route chunks still load
    // their imports natively, the service worker serves them from the precache, and CSS
    // dependencies keep being injected by Vite's loader.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // A route's split chunk is named by its hash alone: the entry imports ~70 of them, and
        // their names (route file names, a few hundred bytes gzip) would ride in it. Other chunks
        // keep their module's name. `npm run bench:modules` says what each chunk holds.
        chunkFileNames: (chunk) => (chunk.facadeModuleId?.includes('?tsr-split=') ? 'assets/[hash].js' : 'assets/[name]-[hash].js'),
        // V8's explicit compile hint (Chrome 136+): React DOM's functions nearly all run while the
        // page hydrates, so they are compiled while the chunk streams in, off the main thread,
        // instead of one by one on it. Main-thread compile on `/` at 1× (Chromium traces, 412 px,
        // 6 visits each): median 28 ms → 14 ms. Other browsers read a comment.
        postBanner: (chunk) => (chunk.name === FRAMEWORK_CHUNK ? '//# allFunctionsCalledOnLoad\n' : ''),
        codeSplitting: {
          // The entry (src/boot.ts) evaluates the framework and the app in two tasks, so they are
          // two chunks: React DOM, then everything src/main.tsx imports statically. Each is one
          // request and one gzip stream instead of ~15 small shared chunks (react, router and
          // query pieces that lazy chunks also use), which saves ~6 KB gzip on the first screen.
          groups: [
            { name: 'index', tags: ['$initial'], priority: 4 },
            { name: FRAMEWORK_CHUNK, test: FRAMEWORK_MODULES, priority: 3 },
            { name: appChunkName(process.cwd()), priority: 2 },
            // Only the modules named: their imports shared with public pages stay in their own chunks.
            { name: gateChunkName(process.cwd()), priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [`/${prefix}/api`, 'http://127.0.0.1:8080'])),
  },
  test: {
    // One test file per core, not Vitest's default of cores − 1: files also wait on PostgreSQL, the
    // Auth emulator, servers they start and model files. On 2 cores the unit step went from 1 min
    // 39 s to 1 min 3 s and the API step (both databases) from 10 min 40 s to 8 min 4 s, all green.
    maxWorkers: availableParallelism(),
    // The API files that wait on a real 30 s timer start first, so none ends the run alone.
    sequence: { sequencer: WaitingFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sw/**/*.test.ts', 'tests/run/**/*.test.ts', 'tests/bench/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
          // As the API files (decision 0121): a worker's files share the modules they import instead
          // of importing them again each. What a file stubs or spies on is undone after each test.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          // The files of a worker share the server's modules instead of importing them again each
          // (decision 0121): each file still makes its own app, database and users.
          isolate: false,
          environment: 'node',
          globalSetup: ['server/testing/global-setup.ts'],
          setupFiles: ['server/testing/fresh-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
