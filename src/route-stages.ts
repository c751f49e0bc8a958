/**
 * The route tree comes in two stages (README "Keep code off the first screen"): the router needs
 * a route's definition (path, head, search reader, lazy importers) to match a URL, and ~70 of them
 * in the entry chunk cost every first screen ~4 KB gzip. So the entry holds the first stage
 * (`routeTree.stage1.gen.ts`): everything a visitor opens signed out — the server-rendered pages,
 * the lot flows that open offline, sign-in, claims, the catch-all routes. The second stage is
 * what only a signed-in driver or staff member reaches; it loads with the full tree
 * (`routeTree.gen.ts`, a lazy chunk) before the first navigation that needs it (src/router.tsx).
 *
 * The rule: a route file (or folder) of src/routes whose name matches this pattern is in the
 * second stage; every other route is in the first. Both trees are generated from the same files
 * (vite.config.ts runs TanStack's generator twice), so no list of routes can drift;
 * src/route-stages.test.ts fails if a server-rendered page lands in the second stage, or if a
 * first-stage route would answer a second-stage URL. A new signed-in page goes under
 * `_authenticated/`, and is in the second stage by that alone.
 */
export const SECOND_STAGE_ROUTE_FILES = '^(_authenticated|staff|user-mgmt)(\\.|$)';

/**
 * The route files of the public pages the server renders (src/contract/server-rendered-pages.ts
 * `isServerRenderedPage`), by path: code their first render needs stays out of the session's
 * `lot` chunk (vite.config.ts `gateChunkName`). src/route-stages.test.ts fails when the two lists
 * part (a new server-rendered page, a renamed route file).
 */
export const FIRST_SCREEN_ROUTE_FILES = /\/src\/routes\/(index|locations\.index|locations\.\$slug|\$page|parkandpay\.welcome|search\.[^/]*)\.tsx$/;
