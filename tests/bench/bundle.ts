/**
 * Bundle bench: builds the app exactly as `npm run build` does, but into .tmp/bench/dist with a
 * Vite manifest and a record of which source modules went into each chunk (so vite.config.ts
 * needs no bench-only settings). From those it measures:
 * - the JS a route's first screen needs: the entry chunk and its static imports, plus the lazy
 *   route chunks (component/loader splits of the route and its parent layouts) and their static
 *   imports, gzip-compressed (level 9, like Vite's report);
 * - which chunks hold the heavy SDKs (maplibre, zxing, stripe, firebase), and whether any of
 *   them is on a measured first screen (the budget says they load only where used).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';
import { nativeSyncExternalStore } from '../../vite.config.ts';

/**
 * DESIGN.md's first-screen budget: ParkFair's own code may add at most 15 KB gzip to the fixed
 * stack's floor (React DOM + TanStack Router + Query, measured below as built), so the budget
 * moves with the libraries the product owner fixed and never with our code.
 */
export const APP_CODE_BUDGET_BYTES = 15 * 1024;
export const FIRST_SCREEN_ROUTES = ['/', '/parkandpay/welcome'] as const;

export const HEAVY_SDKS = {
  maplibre: /[\\/]node_modules[\\/](maplibre-gl|react-map-gl|pmtiles)[\\/]/,
  zxing: /[\\/]node_modules[\\/]@zxing[\\/]/,
  stripe: /[\\/]node_modules[\\/]@stripe[\\/]/,
  firebase: /[\\/]node_modules[\\/](@firebase|firebase)[\\/]/,
} as const;
export type HeavySdk = keyof typeof HEAVY_SDKS;

export type FrameworkFloor = { gzipBytes: number };
export type RouteBundle = { route: string; files: string[]; gzipBytes: number; gzipBytesByFile: Record<string, number>; sdksOnScreen: HeavySdk[] };
export type BundleReport = { outDir: string; routes: RouteBundle[]; sdkChunks: Record<HeavySdk, string[]>; floor: FrameworkFloor };

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Production build with a manifest, recording each chunk's module ids as Rolldown emits it. */
async function buildWithModuleMap(outDir: string): Promise<{ manifest: Manifest; modulesByFile: Map<string, string[]> }> {
  const modulesByFile = new Map<string, string[]>();
  const recordModules: Plugin = {
    name: 'pf-bench-module-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') modulesByFile.set(output.fileName, output.moduleIds);
      }
    },
  };
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    // Errors only: the bench prints its own table, not Vite's chunk report and bundler timings.
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
    plugins: [recordModules],
  });
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return { manifest, modulesByFile };
}

/**
 * The fixed stack alone (framework-floor.ts) built as the app is built: one entry chunk, same
 * target, minified, React 19's own useSyncExternalStore. Its gzip size is the part of the
 * first-screen budget that no app code can win back.
 */
async function measureFrameworkFloor(outDir: string): Promise<FrameworkFloor> {
  const output = await build({
    root: ROOT,
    configFile: false,
    logLevel: 'error',
    plugins: [nativeSyncExternalStore()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { outDir, emptyOutDir: true, target: 'es2022', write: false, modulePreload: false, rolldownOptions: { input: path.join(ROOT, 'tests/bench/framework-floor.ts') } },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  const code = chunks.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('');
  if (!code) throw new Error('The framework floor build emitted no JavaScript');
  return { gzipBytes: gzipSync(code, { level: 9 }).length };
}

/** `src/routes/_auth/parkandpay.welcome.tsx` → ['_auth', 'parkandpay', 'welcome'] (file-route id). */
export function routeIdSegments(sourceFile: string): string[] | undefined {
  const match = /^src\/routes\/(.+)\.[jt]sx?$/.exec(sourceFile);
  if (!match?.[1] || match[1] === '__root') return undefined;
  return match[1].split(/[/.]/).filter((segment) => segment !== 'route');
}

/** The URL path a file route serves: pathless (`_x`) and group (`(x)`) segments and `index` drop out. */
export function routePathOf(segments: string[]): string {
  const parts = segments
    .filter((segment) => !segment.startsWith('_') && !/^\(.*\)$/.test(segment) && segment !== 'index')
    .map((segment) => segment.replace(/_$/, ''));
  return `/${parts.join('/')}`;
}

/** Manifest keys of the lazy chunks a route's first screen needs: its own and its layouts'. */
export function routeChunkKeys(manifest: Manifest, route: string): string[] {
  const splits = Object.keys(manifest)
    .map((key) => {
      const [file = '', query = ''] = key.split('?');
      const split = new URLSearchParams(query).get('tsr-split') ?? '';
      return { key, segments: routeIdSegments(file), isFirstScreen: /component|loader/.test(split) && !/error|notFound|pending/i.test(split) };
    })
    .filter((entry): entry is { key: string; segments: string[]; isFirstScreen: boolean } => entry.segments !== undefined && entry.isFirstScreen);
  // The leaf is the route that renders the page, not a pathless layout that also "serves" its path.
  const isLayoutOnly = (segments: string[]) => /^[_(]/.test(segments.at(-1) ?? '');
  const leaf = splits.find((entry) => routePathOf(entry.segments) === route && !isLayoutOnly(entry.segments))?.segments;
  if (!leaf) return [];
  const sameFile = (segments: string[]) => segments.join('/') === leaf.join('/');
  const isAncestor = (segments: string[]) =>
    segments.length < leaf.length && segments.at(-1) !== 'index' && segments.every((segment, index) => leaf[index] === segment);
  return splits.filter((entry) => sameFile(entry.segments) || isAncestor(entry.segments)).map((entry) => entry.key);
}

/** Files loaded for the given manifest keys: each key's file and, recursively, its static imports. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

/**
 * The entry's stages: the entry (src/boot.ts) only imports React DOM and then the app
 * dynamically, and every page needs both, so they count as the entry's (with what they import).
 */
export function entryStageKeys(manifest: Manifest, entryKey: string): string[] {
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...initial].flatMap((key) => manifest[key]?.dynamicImports ?? []);
}

export async function measureBundles(outDir = path.join(ROOT, '.tmp/bench/dist'), firstScreenRoutes: readonly string[] = FIRST_SCREEN_ROUTES): Promise<BundleReport> {
  const { manifest, modulesByFile } = await buildWithModuleMap(outDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build has no entry chunk in its manifest');

  const sdkChunks = Object.fromEntries(
    Object.entries(HEAVY_SDKS).map(([sdk, pattern]) => [sdk, [...modulesByFile].filter(([, ids]) => ids.some((id) => pattern.test(id))).map(([file]) => file)]),
  ) as Record<HeavySdk, string[]>;

  const gzipSizes = new Map<string, number>();
  const gzipSize = async (file: string) => {
    if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length);
    return gzipSizes.get(file) ?? 0;
  };

  const routes: RouteBundle[] = [];
  for (const route of firstScreenRoutes) {
    const files = staticClosure(manifest, [entryKey, ...entryStageKeys(manifest, entryKey), ...routeChunkKeys(manifest, route)]);
    const gzipBytesByFile: Record<string, number> = {};
    for (const file of files) gzipBytesByFile[file] = await gzipSize(file);
    const gzipBytes = Object.values(gzipBytesByFile).reduce((sum, bytes) => sum + bytes, 0);
    const sdksOnScreen = (Object.keys(sdkChunks) as HeavySdk[]).filter((sdk) => sdkChunks[sdk].some((file) => files.includes(file)));
    routes.push({ route, files, gzipBytes, gzipBytesByFile, sdksOnScreen });
  }
  const floor = await measureFrameworkFloor(path.join(path.dirname(outDir), 'floor-dist'));
  return { outDir, routes, sdkChunks, floor };
}
