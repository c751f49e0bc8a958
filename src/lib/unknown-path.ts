/**
 * What the catch routes (`routes/$.tsx` deeper paths, `routes/$page.tsx` one segment) do with a
 * path no other route matched. The browser's router starts with the first stage of the route
 * tree only (src/route-stages.ts), so such a path may be a signed-in page it does not know yet:
 * then the rest of the tree joins first and the same URL is resolved again (a redirect to
 * itself: a navigation lands on the page, a link's preload preloads it). A path the full tree
 * does not know either goes to the not-found page (spec 1 §2.1).
 */
import { type AnyRouter, redirect, type ParsedLocation } from '@tanstack/react-router';
import { contentPageName } from '../contract/content-pages';

/** The router's two-stage route tree, in the router context (src/router.tsx). */
export type RouteStages = {
  /** Whether the router holds every route (always on the server). */
  isComplete(): boolean;
  /** Loads the rest of the route tree and joins it into the router; once, retried after a failure. */
  complete(): Promise<void>;
};

export async function leaveUnknownPath({ context, location }: { context: { routeStages: RouteStages }; location: ParsedLocation }): Promise<never> {
  if (!context.routeStages.isComplete()) {
    await context.routeStages.complete();
    throw redirect({ href: location.href, replace: true });
  }
  throw redirect({ to: '/no-parking', replace: true });
}

/**
 * Whether the router as it stands resolves `pathname` to a page rather than to a catch route
 * (the splat, or `$page` with a name that is no content page): with the first stage only, a
 * second-stage page is not (src/main.tsx then joins the rest before the first render).
 */
export function isResolvedPath(router: AnyRouter, pathname: string): boolean {
  const [, params, route] = router.getMatchedRoutes(pathname);
  if (route?.id === '/$page') return contentPageName(params['page'] ?? '') !== undefined;
  return route !== undefined && route.id !== '/$';
}
