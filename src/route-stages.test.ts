/**
 * The two stages of the route tree (src/route-stages.ts) against the route files and the real
 * router: every route file is in exactly one stage, the server-rendered pages are in the first,
 * and the first stage answers every second-stage URL with a catch route (which joins the rest).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AnyRoute, type AnyRouter, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGE_NAMES } from './contract/content-pages';
import { isServerRenderedPage } from './contract/server-rendered-pages';
import { isResolvedPath } from './lib/unknown-path';
import { FIRST_SCREEN_ROUTE_FILES, SECOND_STAGE_ROUTE_FILES } from './route-stages';

const SRC = path.dirname(new URL(import.meta.url).pathname);
const ROUTES_DIR = path.join(SRC, 'routes');

/** Route files as the generator sees them (`_authenticated/my-account.tsx`), without `-` files and the root. */
function routeFiles(dir = ROUTES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('-') || entry.name.startsWith('.')) return [];
    if (entry.isDirectory()) return routeFiles(path.join(dir, entry.name));
    const file = path.relative(ROUTES_DIR, path.join(dir, entry.name));
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && file !== '__root.tsx' ? [file.replace(/\.tsx?$/, '')] : [];
  });
}

/** The route files a generated tree imports. */
function treeImports(treeFile: string): string[] {
  const source = readFileSync(path.join(SRC, treeFile), 'utf8');
  return [...source.matchAll(/from '\.\/routes\/([^']+)'/g)].map((match) => match[1] ?? '').filter((file) => file !== '__root');
}

const isSecondStageFile = (file: string): boolean => file.split('/').some((part) => new RegExp(SECOND_STAGE_ROUTE_FILES).test(part));

/** URLs a route answers: parameters filled with "1", optional ones too; none for the splat, the root and pathless layouts. */
function sampleUrls(route: AnyRoute): string[] {
  const fullPath = String(route.fullPath);
  if (route.id === '/$' || (route.options as { path?: string }).path === undefined) return [];
  if (route.id === '/$page') return CONTENT_PAGE_NAMES.map((name) => `/${name}`);
  return [fullPath.replace(/\{-\$[^}]+\}/g, '1').replace(/\$[A-Za-z]+/g, '1')];
}

const routerOver = (routeTree: AnyRoute): AnyRouter => createRouter({ routeTree, history: createMemoryHistory() });

describe('route stages', () => {
  let firstStage: AnyRouter;
  let full: AnyRouter;

  beforeAll(async () => {
    // The first stage's router is built before the full tree is loaded: both trees are the same
    // root route, which routeTree.gen.ts gives every child when it loads (as in the browser).
    delete (globalThis as { __TSR_CACHE__?: unknown }).__TSR_CACHE__;
    firstStage = routerOver((await import('./routeTree.stage1.gen')).routeTree);
    // Outside a browser the router keeps one processed tree per root route (globalThis.__TSR_CACHE__,
    // for the server's per-request routers): the second router must not get the first one's.
    delete (globalThis as { __TSR_CACHE__?: unknown }).__TSR_CACHE__;
    full = routerOver((await import('./routeTree.gen')).routeTree);
  }, 60_000);

  it('puts every route file in exactly one stage, by the rule (the generated trees are current)', () => {
    const files = routeFiles().sort();
    expect(treeImports('routeTree.gen.ts').sort(), 'routeTree.gen.ts is not current: run the build').toEqual(files);
    expect(treeImports('routeTree.stage1.gen.ts').sort(), 'routeTree.stage1.gen.ts is not current: run the build').toEqual(files.filter((file) => !isSecondStageFile(file)));
    expect(files.filter(isSecondStageFile).length).toBeGreaterThan(30);
  });

  it('holds every server-rendered page in the first stage', () => {
    const serverRendered = Object.values(full.routesById as Record<string, AnyRoute>).filter((route) => sampleUrls(route).some(isServerRenderedPage));
    expect(serverRendered.map((route) => route.id)).toEqual(expect.arrayContaining(['/', '/locations/', '/locations/$slug', '/parkandpay/welcome', '/$page', '/search/results']));
    for (const route of serverRendered) expect(firstStage.routesById, `${route.id} is server-rendered`).toHaveProperty([route.id]);
  });

  it("names the server-rendered public pages' route files for the lot chunk's rule, no more and no fewer", () => {
    // A route id as its flat route file: `/locations/$slug` is locations.$slug.tsx, `/locations/` locations.index.tsx.
    const routeFile = (id: string): string => `/src/routes/${id === '/' ? 'index' : id.slice(1).replace(/\/$/, '/index').replace(/\//g, '.')}.tsx`;
    const pages = Object.values(full.routesById as Record<string, AnyRoute>).filter((route) => sampleUrls(route).length > 0);
    for (const route of pages) {
      expect(FIRST_SCREEN_ROUTE_FILES.test(routeFile(route.id)), `${route.id} (${routeFile(route.id)})`).toBe(sampleUrls(route).some(isServerRenderedPage));
    }
    expect(pages.filter((route) => FIRST_SCREEN_ROUTE_FILES.test(routeFile(route.id))).length).toBeGreaterThanOrEqual(7);
  });

  it('answers every second-stage URL with a catch route in the first stage, and with its page in the full tree', () => {
    const secondStage = Object.values(full.routesById as Record<string, AnyRoute>).filter((route) => !(route.id in firstStage.routesById));
    expect(secondStage.map((route) => route.id)).toEqual(expect.arrayContaining(['/_authenticated/parkandpay/session', '/_authenticated/my-account/profile', '/staff']));
    for (const route of secondStage) {
      for (const url of sampleUrls(route)) {
        expect(isResolvedPath(firstStage, url), `${url} must reach a catch route in the first stage`).toBe(false);
        expect(isResolvedPath(full, url), `${url} must be a page in the full tree`).toBe(true);
      }
    }
  });

  it('gives every first-stage URL the same route in both trees', () => {
    for (const route of Object.values(firstStage.routesById as Record<string, AnyRoute>)) {
      for (const url of sampleUrls(route)) expect(full.getMatchedRoutes(url)[2]?.id, url).toBe(firstStage.getMatchedRoutes(url)[2]?.id);
    }
  });

  it('sends an unknown path to a catch route in both trees', () => {
    for (const url of ['/nothing-here', '/parkandpay/nothing', '/my-account/nothing/deeper']) {
      expect(isResolvedPath(firstStage, url), url).toBe(false);
      expect(isResolvedPath(full, url), url).toBe(false);
    }
  });
});
