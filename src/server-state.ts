/**
 * The query cache a server-rendered page was rendered with: a JSON data block written by
 * server/ssr/html-document.ts (`SSR_STATE_ID`). A data block is never run, so the CSP needs no
 * hash for it; undefined on the offline shell and on pages rendered in the browser.
 */
import type { DehydratedState } from '@tanstack/react-query';

export const SSR_STATE_ID = 'pf-ssr-state';
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
 * The page's head tags as the server wrote them (title, description, canonical, Open Graph,
 * JSON-LD) go just before the app renders: the router's HeadContent writes them again, and two
 * titles or canonical links would stay otherwise.
 */
export function removeServerHeadTags(): void {
  for (const element of document.head.querySelectorAll(`[${SSR_HEAD_ATTRIBUTE}]`)) element.remove();
}
