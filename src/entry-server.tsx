/**
 * Server rendering of the public pages and of the park-and-pay session for its driver (README
 * "Public pages are rendered on the server", "The park-and-pay session is rendered on the server
 * for its driver"): the same router, routes, components and queries as the browser, run once per
 * request on the Hono server (server/ssr/render-pages.ts). The API is called in-process (`setServerApiTransport`), the
 * route loaders fill the query cache, every query they started is awaited, and the page is
 * rendered with React's streaming renderer waited to the end (lazy parts like the footer
 * included). What goes back:
 * - `headHtml`: the page's <title>, description, canonical, Open Graph and JSON-LD tags;
 * - `bodyHtml`: the markup of #root, which src/main.tsx hydrates;
 * - `dehydratedState`: the query cache, for a `<script type="application/json">` data block
 *   (a data block is not run, so the CSP needs no new hash);
 * - `status`: 404 when a route said notFound() (an unknown location slug), or when its loader
 *   returned `{ status: 404 }`: a page that says itself what is missing (an unknown lot code).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, HeadContent, isNotFound, RouterContextProvider, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { bannersQueryOptions } from './features/content/banners-query';
import { setServerApiTransport } from './lib/api-client';
import { setServerSiteOrigin } from './lib/head';
import { setServerStoredAuth } from './lib/session';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import { routeTree } from './routeTree.gen';

export type ServerRenderResult = {
  /** The matched routes (root first): the server links their CSS and chunks in <head>. */
  routeIds: string[];
  status: 200 | 404;
  /** False for the not-found page: the browser renders it over the server's markup. */
  isHydratable: boolean;
  headHtml: string;
  bodyHtml: string;
  dehydratedState: DehydratedState;
  /** When the page was drawn (UTC ms): its default times came from this moment (src/server-render-time.ts). */
  renderedAt: number;
  /**
   * The address the page was drawn for, when its route filled defaults into the requested one (a
   * search's suggested times): the browser takes it before its router starts (public/after-paint.js).
   */
  address?: string;
};

export type ServerRenderRequest = {
  /** Path and query string, e.g. `/locations/123-w-44th-st`. */
  url: string;
  /**
   * A signed-in page (src/contract/server-rendered-pages.ts): the caller's ID token, verified by
   * the server, and who it names. The page's API calls carry the token as the browser's would, so
   * they see the caller's records and nobody else's; the header names the caller as the device's
   * stored sign-in does.
   */
  caller?: { idToken: string; user: ServerCaller };
};

/** The verified token's user (server/lib/auth.ts `AuthUser`). */
export type ServerCaller = { uid: string; email?: string | undefined; phoneNumber?: string | undefined; displayName?: string | undefined };

/** The caller of the render in progress: renders run side by side, each with its own. */
const renderCaller = new AsyncLocalStorage<{ idToken: string; storedAuth: string }>();

/** The caller as the browser keeps its sign-in (lib/session-store.ts `writeStoredAuth`). */
function storedAuthOf(user: ServerCaller): string {
  return JSON.stringify({ uid: user.uid, displayName: user.displayName ?? null, email: user.email ?? null, phone: user.phoneNumber ?? null, signinTime: 0 });
}

/** The in-process API with the caller's token, when the render has one and the call sets none. */
function withCallerToken(api: typeof fetch): typeof fetch {
  return (input, init) => {
    const idToken = renderCaller.getStore()?.idToken;
    if (!idToken) return api(input, init);
    const headers = new Headers(init?.headers);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${idToken}`);
    return api(input, { ...init, headers });
  };
}

/**
 * Once per process, by server/ssr/render-pages.ts: the API answers in-process (`app.request` of
 * the Hono app) and canonical links start with the public origin.
 */
export function configure({ api, origin }: { api: typeof fetch; origin: string }): void {
  setServerApiTransport(withCallerToken(api));
  setServerStoredAuth(() => renderCaller.getStore()?.storedAuth ?? null);
  setServerSiteOrigin(origin);
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/** The not-found page (the browser's router navigates there from an unknown path). */
const NOT_FOUND_PATH = '/no-parking';

type RenderedUrl = Omit<ServerRenderResult, 'status' | 'isHydratable'> & { isNotFound: boolean; isOwnNotFound: boolean };

/** A loader's `{ status: 404 }`: the page is drawn as it is, and answered with 404. */
function isOwnNotFound(loaderData: unknown): boolean {
  return (loaderData as { status?: unknown } | undefined)?.status === 404;
}

/** A page route's loader may return `address`: the requested href with its defaults filled in. */
function filledAddress(loaderData: unknown): string | undefined {
  const address = (loaderData as { address?: unknown } | undefined)?.address;
  return typeof address === 'string' && address.startsWith('/') ? address : undefined;
}

async function renderUrl(url: string): Promise<RenderedUrl> {
  const renderedAt = Date.now();
  const queryClient = createQueryClient();
  // Server-side, a failed call is not retried: the page falls back to the shell and the browser retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  // The full route tree at once (the browser's entry starts with its first stage: src/route-stages.ts).
  const router = createAppRouter(queryClient, { routeTree }, { history: createMemoryHistory({ initialEntries: [url] }) });
  // Banners sit above every page: in the HTML, so the browser never waits for them.
  const banners = queryClient.prefetchQuery(bannersQueryOptions);
  await router.load();
  await banners;
  // Loaders that start a query without awaiting it (the home page's promo tiles, the location's
  // notices) leave it in flight: the server waits for them, so the first HTML has them.
  while (queryClient.isFetching() > 0) {
    await Promise.all(queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' }).map((query) => query.promise?.catch(() => undefined)));
  }
  const { matches } = router.state;
  const isPageNotFound = matches.length === 0 || matches.some((match) => match.status === 'notFound' || isNotFound(match.error));
  const failed = matches.find((match) => match.status === 'error');
  if (failed && !isPageNotFound) throw new Error(`${url}: route ${failed.routeId} failed to load`, { cause: failed.error });

  const headHtml = renderToString(
    <RouterContextProvider router={router}>
      <HeadContent />
    </RouterContextProvider>,
  );
  // prerender: the whole page at once, lazy parts (the footer) included, with no inline script
  // to reveal late parts (the CSP would refuse one).
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
    {
      // Every boundary inline: past this size React writes a large one (a search's result list)
      // after the page with an inline script to move it in, which the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error: unknown) => console.error('[ssr] render error', url, error),
    },
  );
  const bodyHtml = await readAll(prelude);
  const address = filledAddress(matches.at(-1)?.loaderData);
  return { isNotFound: isPageNotFound, isOwnNotFound: isOwnNotFound(matches.at(-1)?.loaderData), routeIds: matches.map((match) => match.routeId), headHtml, bodyHtml, dehydratedState: dehydrate(queryClient), renderedAt, ...(address ? { address } : {}) };
}

/**
 * Renders the page at `url`. A path no route knows, or one whose route says notFound() (an
 * unknown location slug), is answered with the not-found page and 404; the browser renders that
 * one itself (its router sends the visitor to /no-parking), so it is not hydrated. A route that
 * fails to load (the API failed) throws: the caller serves the shell instead.
 */
export async function renderPage({ url, caller }: ServerRenderRequest): Promise<ServerRenderResult> {
  if (caller !== undefined) {
    // The caller's page: drawn in the first HTML, then rendered over by the browser (what it
    // shows depends on the device's saved copy too). A page that is not there is the shell's to say.
    const { isNotFound: isPageNotFound, isOwnNotFound: _own, ...page } = await renderCaller.run({ idToken: caller.idToken, storedAuth: storedAuthOf(caller.user) }, () => renderUrl(url));
    if (isPageNotFound) throw new Error(`${url}: no such signed-in page`);
    return { ...page, status: 200, isHydratable: false };
  }
  const { isNotFound: isPageNotFound, isOwnNotFound: isOwn, ...page } = await renderUrl(url);
  // Its own not-found text (an unknown lot code): the browser renders the page over it, asking again.
  if (isOwn) return { ...page, status: 404, isHydratable: false };
  if (!isPageNotFound) return { ...page, status: 200, isHydratable: true };
  const { isNotFound: _, isOwnNotFound: _own, ...notFoundPage } = await renderUrl(NOT_FOUND_PATH);
  return { ...notFoundPage, status: 404, isHydratable: false };
}
