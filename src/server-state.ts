/**
 * The query cache a server-rendered page was rendered with: a JSON data block written by
 * server/ssr/html-document.ts (`SSR_STATE_ID`). A data block is never run, so the CSP needs no
 * hash for it; undefined on the offline shell and on pages rendered in the browser.
 */
import type { DehydratedState } from '@tanstack/react-query';

const SSR_STATE_ID = 'pf-ssr-state';
const SSR_HEAD_ATTRIBUTE = 'data-ssr-head';

export type ServerState = {
  queries: DehydratedState;
  /** False on the not-found page: the browser renders over the server's markup. */
  isHydratable: boolean;
};

/** The document arrived with its page drawn by the server (read without parsing the cache). */
export function hasServerState(): boolean {
  return document.getElementById(SSR_STATE_ID) !== null;
}

export function readServerState(): ServerState | undefined {
  const block = document.getElementById(SSR_STATE_ID);
  if (!block?.textContent) return undefined;
  try {
    return { queries: JSON.parse(block.textContent) as DehydratedState, isHydratable: block.dataset['hydrate'] !== 'false' };
  } catch {
    return undefined;
  }
}

/**
 * When the server drew the page (UTC ms), while the page is the server's: a hydrating render
 * draws times derived from "now" (a location's default price) from this moment, as the server
 * did, and its own clock's only after (a phone's clock may be minutes off, and a slot may turn
 * between the two). Undefined on the server itself and on the offline shell.
 */
export function serverRenderTime(): number | undefined {
  if (typeof document === 'undefined') return undefined;
  const renderedAt = Number(document.getElementById(SSR_STATE_ID)?.dataset['renderedAt']);
  return Number.isFinite(renderedAt) && renderedAt > 0 ? renderedAt : undefined;
}

/**
 * The page's head tags as the server wrote them (title, description, canonical, Open Graph,
 * JSON-LD) go just before the app renders: the router's HeadContent writes them again, and two
 * titles or canonical links would stay otherwise.
 */
export function removeServerHeadTags(): void {
  for (const element of document.head.querySelectorAll(`[${SSR_HEAD_ATTRIBUTE}]`)) element.remove();
}
