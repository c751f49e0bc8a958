/**
 * When the server drew the page (UTC ms), while the page is the server's: a hydrating render
 * draws times derived from "now" (a location's default price) from this moment, as the server
 * did, and its own clock's only after (a phone's clock may be minutes off, and a slot may turn
 * between the two). Undefined on the server itself and on the offline shell. Beside
 * src/server-state.ts, in a module of its own: only a location page asks, and the first screen's
 * code need not carry it (issue 16 item 4).
 */
import { SSR_STATE_ID } from './server-state';

export function serverRenderTime(): number | undefined {
  if (typeof document === 'undefined') return undefined;
  const renderedAt = Number(document.getElementById(SSR_STATE_ID)?.dataset['renderedAt']);
  return Number.isFinite(renderedAt) && renderedAt > 0 ? renderedAt : undefined;
}
